/// The stable identifier of one source-lint rule, as printed in brackets and in `--json` output.
///
/// Every rule finds a string lookup that skips a module's over-the-air bundle, so that module keeps showing
/// the text it shipped with. The rules and their reasons are listed in `docs/source-linting.md`.
public struct SourceLintRule: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// `NSLocalizedString(…)`, `String(localized:…)` or `AttributedString(localized:…)` with no `bundle:`
    /// argument: the lookup reads `Bundle.main`.
    public static let missingBundle = SourceLintRule(rawValue: "missing-bundle")
    /// SwiftUI `Text("literal")` or `Text(LocalizedStringKey(…))` with no `bundle:` argument: the key is looked
    /// up in `Bundle.main`. Not a literal of interpolations and punctuation alone (`Text("\(total)")`), whose key
    /// (`%lld`) has nothing to translate.
    public static let textMissingBundle = SourceLintRule(rawValue: "text-missing-bundle")
    /// A lookup in the module's embedded bundle: `bundle: .module`, `bundle: Bundle.module`, or
    /// `Bundle.module.localizedString(…)`.
    public static let moduleBundle = SourceLintRule(rawValue: "module-bundle")
    /// A lookup in the app's main bundle named explicitly: `bundle: .main`, `bundle: Bundle.main`, `bundle: nil`
    /// (the main bundle for `String(localized:)` and `Text`), or `Bundle.main.localizedString(…)`.
    public static let mainBundle = SourceLintRule(rawValue: "main-bundle")
    /// A lookup in the bundle that holds a class's code: `bundle: Bundle(for: SomeClass.self)` (or
    /// `Bundle(for: type(of: self))`), or `Bundle(for: …).localizedString(…)`: that is the embedded bundle of a
    /// framework or the app, never the over-the-air one.
    public static let classBundle = SourceLintRule(rawValue: "class-bundle")
    /// A `// ota-localizations:` comment that is not a known directive, so it suppresses nothing.
    public static let unknownDirective = SourceLintRule(rawValue: "unknown-directive")
}
