import OTALocalizationsSourceLint
import Testing

/// `line:column rule` for each finding; positions in the sources below are counted by hand.
func lintHits(_ source: String) -> [String] {
    SourceLinter.lint(source: source, path: "F.swift").map { "\($0.line):\($0.column) \($0.rule)" }
}

/// Each rule on a small source, with the exact place it is reported.
@Suite struct SourceLinterRuleTests {
    @Test func flagsNSLocalizedStringWithoutBundle() {
        let source = """
            import Foundation
            let a = NSLocalizedString("greeting", comment: "")
                let b = NSLocalizedString("k", tableName: "Payment", value: "x", comment: "c")
            """
        #expect(lintHits(source) == ["2:9 missing-bundle", "3:13 missing-bundle"])
    }

    @Test func findingCarriesFileMessageAndRuleId() {
        let findings = SourceLinter.lint(source: "x = NSLocalizedString(\"a\", comment: \"\")", path: "Sources/A/B.swift")
        #expect(findings == [SourceLintFinding(
            file: "Sources/A/B.swift", line: 1, column: 5, rule: .missingBundle,
            message: "NSLocalizedString without a bundle: argument reads Bundle.main, which over-the-air updates "
                + "never reach; pass bundle: .localizationBundle"
        )])
        #expect(findings[0].description.hasPrefix("Sources/A/B.swift:1:5: error: NSLocalizedString without"))
        #expect(findings[0].description.hasSuffix("pass bundle: .localizationBundle [missing-bundle]"))
    }

    @Test func flagsStringAndAttributedStringLocalizedWithoutBundle() {
        let source = """
            let a = String(localized: "title")
            let b = String(localized: "k", table: "T", comment: "c")
            let c = String.init(localized: "k")
            let d = AttributedString(localized: "k")
            let e = Swift.String(localized: "k")
            let f = String("plain"), g = String(describing: a), h = String(format: "%d", 3)
            """
        #expect(lintHits(source) == [
            "1:9 missing-bundle", "2:9 missing-bundle", "3:9 missing-bundle", "4:9 missing-bundle", "5:15 missing-bundle",
        ])
        #expect(SourceLinter.lint(source: source, path: "F.swift")[3].message.hasPrefix("AttributedString(localized:) without"))
    }

    @Test func flagsModuleBundleArgumentAtItsLabel() {
        let source = """
            let a = NSLocalizedString("k", bundle: .module, comment: "")
            let b = String(localized: "k", bundle: Bundle.module)
            Text("k", bundle: .module)
            let c = NSLocalizedString("k", bundle: Foundation.Bundle.module, comment: "")
            """
        #expect(lintHits(source) == ["1:32 module-bundle", "2:32 module-bundle", "3:11 module-bundle", "4:32 module-bundle"])
        #expect(SourceLinter.lint(source: source, path: "F.swift")[1].message
            == "String(localized:) with bundle: Bundle.module reads the module's embedded bundle only, which "
            + "over-the-air updates never reach; pass bundle: .localizationBundle")
    }

    @Test func flagsMainBundleArgument() {
        let source = """
            let a = NSLocalizedString("k", bundle: .main, comment: "")
            let b = String(localized: "k", bundle: Bundle.main)
            Text(LocalizedStringKey("k"), bundle: .main)
            Text("k", bundle: nil)
            let c = String(localized: "k", bundle: Foundation.Bundle.main)
            """
        #expect(lintHits(source) == ["1:32 main-bundle", "2:32 main-bundle", "3:31 main-bundle", "4:11 main-bundle", "5:32 main-bundle"])
        #expect(SourceLinter.lint(source: source, path: "F.swift")[3].message
            == "Text with bundle: nil reads the app's main bundle only, which over-the-air updates never reach; "
            + "pass bundle: .localizationBundle")
    }

    @Test func flagsBundleLocalizedStringLookups() {
        let source = """
            let a = Bundle.main.localizedString(forKey: "k", value: nil, table: nil)
            let b = Bundle.module.localizedString(forKey: "k", value: nil, table: "T")
            let c = Bundle.localizationBundle.localizedString(forKey: "k", value: nil, table: nil)
            let d = Bundle.main.path(forResource: "x", ofType: "json")
            """
        #expect(lintHits(source) == ["1:9 main-bundle", "2:9 module-bundle"])
    }

    @Test func flagsTextWithLiteralKeyAndNoBundle() {
        let source = """
            Text("title")
            Text("Hello, \\(name)!")
            Text(LocalizedStringKey("k"))
            Text("k", tableName: "T")
            SwiftUI.Text("k")
            Text(verbatim: "not translated")
            Text(title)
            Text("")
            Text(" ")
            Text("a" + "b")
            Text(Date(), style: .time)
            Text("k", bundle: .localizationBundle)
            """
        #expect(lintHits(source) == [
            "1:1 text-missing-bundle", "2:1 text-missing-bundle", "3:1 text-missing-bundle", "4:1 text-missing-bundle",
            "5:9 text-missing-bundle",
        ])
    }

    @Test func acceptsTheLocalizationBundleInEveryForm() {
        let source = """
            extension Bundle {
                static var localizationBundle: Bundle {
                    OTALocalizedString.bundle(for: "Checkout") ?? .module
                }
            }
            let a = NSLocalizedString("k", bundle: .localizationBundle, comment: "")
            let b = String(localized: "k", table: "T", bundle: .localizationBundle)
            let c = AttributedString(localized: "k", bundle: Bundle.localizationBundle)
            Text("k", tableName: "T", bundle: .localizationBundle, comment: "c")
            let d = NSLocalizedString("k", bundle: OTALocalizedString.bundle(for: "X") ?? .module, comment: "")
            Image("banner", bundle: .module)
            let e = Bundle.module.url(forResource: "a", withExtension: "json")
            """
        #expect(lintHits(source) == [])
    }

    @Test func reportsUnknownDirective() {
        let source = """
            // ota-localizations:disable-nextline
              // ota-localizations:disable
            // ota-localizations: disable-line
            // ota-localizations:disable-line because of a reason
            """
        #expect(lintHits(source) == ["1:1 unknown-directive", "2:3 unknown-directive", "3:1 unknown-directive"])
    }

    @Test func skipsPreviewCode() {
        let source = """
            #Preview {
                Text("preview only")
            }
            #Preview("Dark", traits: .sizeThatFitsLayout) { Text("x") }
            struct CartView_Previews: PreviewProvider {
                static var previews: some View { Text("placeholder") }
            }
            struct Other: View, PreviewProvider where Self: Sendable {
                var body: some View { Text("y") }
            }
            let a = Text("shipped")
            """
        #expect(lintHits(source) == ["11:9 text-missing-bundle"])
    }
}
