import OTALocalizationsSourceLint
import Testing

/// `class-bundle` (lookups in `Bundle(for:)`) and `Text` literals that are placeholders only, which SwiftUI looks up
/// under a key of placeholders (`%lld`) with nothing to translate.
@Suite struct SourceLinterClassBundleAndPlaceholderTests {
    @Test func flagsLookupsThroughTheBundleOfAClass() {
        let source = """
            let a = NSLocalizedString("k", bundle: Bundle(for: Cart.self), comment: "")
            let b = String(localized: "k", bundle: Bundle(for: type(of: self)))
            Text("k", bundle: Foundation.Bundle(for: Cart.self))
            let c = Bundle(for: Cart.self).localizedString(forKey: "k", value: nil, table: nil)
            let d = NSLocalizedString("k", tableName: "T",
                                      bundle: Bundle.init(for: Cart.self), comment: "")
            """
        #expect(lintHits(source) == [
            "1:32 class-bundle", "2:32 class-bundle", "3:11 class-bundle", "4:9 class-bundle", "6:27 class-bundle",
        ])
        let finding = SourceLinter.lint(source: source, path: "F.swift")[0]
        #expect(finding.message == "NSLocalizedString with bundle: Bundle(for:) reads the embedded bundle that holds the class's code only, which over-the-air updates never reach; pass bundle: .localizationBundle")
    }

    @Test func trustsOtherUsesOfTheBundleOfAClass() {
        let source = """
            let a = NSLocalizedString("k", bundle: OTALocalizedString.bundle(for: "Cart") ?? Bundle(for: Cart.self), comment: "")
            let b = Bundle(for: Cart.self).url(forResource: "a", withExtension: "json")
            Image("banner", bundle: Bundle(for: Cart.self))
            let c = Bundle(identifier: "com.example.cart")
            """
        #expect(lintHits(source) == [])
    }

    @Test func textOfPlaceholdersAndPunctuationOnlyIsNoFinding() {
        let source = #"""
            Text("\(total)")
            Text("\(done)/\(all)")
            Text("\(percent)%")
            Text("\(a) · \(b)")
            Text("\(first)\n\(second)")
            Text("\(count) items")
            Text("Total: \(total)")
            Text("•")
            Text(LocalizedStringKey("\(total)"))
            """#
        // Lines 6 and 7 translate words; "•" is a literal key (docs: write Text(verbatim:)); an explicit key is a key.
        #expect(lintHits(source) == ["6:1 text-missing-bundle", "7:1 text-missing-bundle", "8:1 text-missing-bundle", "9:1 text-missing-bundle"])
    }
}
