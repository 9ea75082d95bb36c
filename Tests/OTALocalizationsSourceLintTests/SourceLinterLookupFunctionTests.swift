import OTALocalizationsSourceLint
import Testing

/// A project's own lookup functions and macros, named by the caller: a `bundle:` of `.module` or `.main` passed
/// through them is found; a call without `bundle:` is not (its default is the project's). Positions counted by hand.
@Suite struct SourceLinterLookupFunctionTests {
    private func hits(_ source: String, _ functions: Set<String>) -> [String] {
        SourceLinter.lint(source: source, path: "F.swift", lookupFunctions: functions).map { "\($0.line):\($0.column) \($0.rule)" }
    }

    private let source = """
        func L(_ key: String, bundle: Bundle = .module) -> String { key }
        let a = L("title", bundle: .module)
        let b = #localized("title", bundle: Bundle.main)
        let c = Strings.tr("x", bundle: .module)
        let d = L("fine", bundle: .localizationBundle)
        let e = L("default")
        let f = #localized("title", bundle: .module)
        """

    @Test func callsThatPassTheEmbeddedOrMainBundleAreFound() {
        #expect(hits(source, ["L", "#localized", "tr"]) == ["2:20 module-bundle", "3:29 main-bundle", "4:25 module-bundle", "7:29 module-bundle"])
        // The macro only with its `#`, the function only by its own name.
        #expect(hits(source, ["localized"]) == [])
        #expect(hits(source, ["#localized"]) == ["3:29 main-bundle", "7:29 module-bundle"])
    }

    @Test func aCallThatPassesTheBundleOfAClassIsFound() {
        #expect(hits("let a = L(\"title\", bundle: Bundle(for: Cart.self))", ["L"]) == ["1:20 class-bundle"])
    }

    @Test func withoutNamesNothingChanges() {
        #expect(hits(source, []) == [])
    }

    @Test func theMessageNamesTheFunction() {
        let finding = SourceLinter.lint(source: "let a = L(\"t\", bundle: .module)", path: "F.swift", lookupFunctions: ["L"])
        #expect(finding.map(\.message) == ["L with bundle: .module reads the module's embedded bundle only, which over-the-air updates never reach; pass bundle: .localizationBundle"])
    }
}
