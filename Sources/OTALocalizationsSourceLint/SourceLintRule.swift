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
    /// SwiftGen strings output whose `tr` looks strings up through its `BundleToken` (once per file, at that line), or
    /// a `strings:` output of `swiftgen.yml` without a `bundle` param naming `Bundle.localizationBundle`.
    public static let swiftGenBundle = SourceLintRule(rawValue: "swiftgen-bundle")
    /// R.swift output whose bundle is fixed at generation: `let hostingBundle = …` or `_R(bundle: …)` not naming
    /// `localizationBundle` (once per file).
    public static let rSwiftBundle = SourceLintRule(rawValue: "rswift-bundle")
    /// Xcode's generated String Catalog symbols (`GeneratedStringSymbols_*.swift`, or `LocalizedStringResource(…)` in
    /// an `extension LocalizedStringResource`, once per file), or `STRING_CATALOG_GENERATE_SYMBOLS = YES` in a
    /// `project.pbxproj` (once per project).
    public static let stringCatalogSymbols = SourceLintRule(rawValue: "string-catalog-symbols")
    /// `LocalizedStringResource("key", …)` whose `bundle:` is missing (the main bundle) or does not name
    /// `localizationBundle` (`.atURL(Bundle.module.bundleURL)`, `.forClass(…)`, `#bundle`).
    public static let resourceBundle = SourceLintRule(rawValue: "resource-bundle")
    /// A `// ota-localizations:` comment that is not a known directive, so it suppresses nothing.
    public static let unknownDirective = SourceLintRule(rawValue: "unknown-directive")
}
