/// Finds code generators' string accessors in one Swift file's tokens and reports each generated file once.
///
/// A generator funnels every accessor through one lookup (SwiftGen's `tr`, R.swift's `hostingBundle` or `_R(bundle:)`,
/// Xcode's `LocalizedStringResource` symbols), so the fix is one setting, not one per call site: the first such
/// lookup of a file is the file's only hit of its generator's rule. A `LocalizedStringResource(…)` outside generated
/// symbols is a `resource-bundle` hit of its own.
struct GeneratedAccessorScanner {
    private let tokens: [SwiftToken]
    private let calls: CallSyntax
    /// Whether the file is named as Xcode names its generated symbols (`GeneratedStringSymbols_<Table>.swift`).
    private let isSymbolsFile: Bool

    init(tokens: [SwiftToken], fileName: String) {
        self.tokens = tokens
        calls = CallSyntax(tokens: tokens)
        isSymbolsFile = fileName.hasPrefix("GeneratedStringSymbols_")
    }

    /// The hits: at most one per generator rule, and one per `LocalizedStringResource(…)` lookup in ordinary code.
    func hits() -> [LookupCallScanner.Hit] {
        var result: [LookupCallScanner.Hit] = []
        if let hit = swiftGenHit() { result.append(hit) }
        if let hit = rSwiftHit() { result.append(hit) }
        let resources = resourceHits()
        if isSymbolsFile || resources.contains(where: \.isInsideResourceExtension), let first = resources.first {
            result.append(Self.hit(.stringCatalogSymbols, at: first.token, message: GeneratedAccessorMessages.symbols))
        } else {
            result += resources.map { Self.hit(.resourceBundle, at: $0.token, message: GeneratedAccessorMessages.resource) }
        }
        return result
    }

    // MARK: SwiftGen

    /// SwiftGen's `tr`: the first `localizedString`/`NSLocalizedString` whose line names `BundleToken`, reported at
    /// that `BundleToken`. With its `bundle` param set, SwiftGen writes no `BundleToken` at all.
    private func swiftGenHit() -> LookupCallScanner.Hit? {
        for token in tokens where token.isIdentifier("localizedString") || token.isIdentifier("NSLocalizedString") {
            if let bundleToken = tokens.first(where: { $0.line == token.line && $0.isIdentifier("BundleToken") }) {
                return Self.hit(.swiftGenBundle, at: bundleToken, message: GeneratedAccessorMessages.swiftGen)
            }
        }
        return nil
    }

    // MARK: R.swift

    /// R.swift's bundle: `let hostingBundle = …` in a file that declares `struct R` (R.swift 5 and 6) or
    /// `_R(bundle: …)` (R.swift 7), unless the value names `localizationBundle`.
    private func rSwiftHit() -> LookupCallScanner.Hit? {
        let declaresR = tokens.indices.contains { $0 + 1 < tokens.count && tokens[$0].isIdentifier("struct") && tokens[$0 + 1].isIdentifier("R") }
        for index in tokens.indices {
            let token = tokens[index]
            let value: ArraySlice<SwiftToken>
            if declaresR, token.isIdentifier("hostingBundle"), index > 0, tokens[index - 1].isIdentifier("let"),
               index + 1 < tokens.count, tokens[index + 1].kind == .operator, tokens[index + 1].text == "=" {
                value = tokens[(index + 2)...].prefix { $0.line == token.line }
            } else if token.isIdentifier("_R"), index + 1 < tokens.count, tokens[index + 1].isPunctuation("("),
                      let bundle = calls.arguments(of: index + 1).first(where: { $0.label == "bundle" }) {
                value = bundle.value
            } else {
                continue
            }
            if !Self.namesLocalizationBundle(value) {
                return Self.hit(.rSwiftBundle, at: token, message: GeneratedAccessorMessages.rSwift)
            }
        }
        return nil
    }

    // MARK: LocalizedStringResource

    private struct ResourceLookup {
        var token: SwiftToken
        var isInsideResourceExtension: Bool
    }

    /// Each `LocalizedStringResource(…)` with a key whose `bundle:` is missing (the main bundle) or does not name
    /// `localizationBundle` (`.atURL(Bundle.module.bundleURL)`, `.forClass(…)`, `#bundle`, `.main`).
    private func resourceHits() -> [ResourceLookup] {
        let extensionBodies = resourceExtensionBodies()
        var result: [ResourceLookup] = []
        for index in tokens.indices where tokens[index].isIdentifier("LocalizedStringResource") {
            guard index + 1 < tokens.count, tokens[index + 1].isPunctuation("(") else { continue }
            if index > 0, tokens[index - 1].isPunctuation(".") || tokens[index - 1].isIdentifier("extension") { continue }
            let arguments = calls.arguments(of: index + 1)
            guard arguments.first?.label == nil else { continue }
            if let bundle = arguments.first(where: { $0.label == "bundle" }), Self.namesLocalizationBundle(bundle.value) {
                continue
            }
            let inside = extensionBodies.contains { $0.contains(index) }
            result.append(ResourceLookup(token: tokens[index], isInsideResourceExtension: inside))
        }
        return result
    }

    /// The token ranges of `extension LocalizedStringResource { … }` bodies.
    private func resourceExtensionBodies() -> [ClosedRange<Int>] {
        var bodies: [ClosedRange<Int>] = []
        for index in tokens.indices where tokens[index].isIdentifier("extension") {
            guard index + 1 < tokens.count, tokens[index + 1].isIdentifier("LocalizedStringResource"),
                  let brace = tokens[(index + 2)...].firstIndex(where: { $0.isPunctuation("{") }),
                  let end = calls.closing[brace]
            else { continue }
            bodies.append(brace...end)
        }
        return bodies
    }

    // MARK: Helpers

    /// Whether an expression names the over-the-air bundle (`.localizationBundle`, `Bundle.localizationBundle.bundleURL`).
    private static func namesLocalizationBundle(_ value: ArraySlice<SwiftToken>) -> Bool {
        value.contains { $0.isIdentifier("localizationBundle") }
    }

    private static func hit(_ rule: SourceLintRule, at token: SwiftToken, message: String) -> LookupCallScanner.Hit {
        LookupCallScanner.Hit(rule: rule, line: token.line, column: token.column, callLine: token.line, message: message)
    }
}
