import OTALocalizationsNames
import Testing

/// The bundle-path model every side reads paths with: localization folders, table kinds and their suffixes, and the
/// only paths a bundle reads (`Info.plist` at the root, tables directly in a localization folder).
@Suite struct BundlePathTests {
    @Test func readsATableDirectlyInALocalizationFolder() {
        let path = BundlePath("pt-BR.lproj/Checkout.stringsdict")
        #expect(path.localization == "pt-BR")
        #expect(path.fileName == "Checkout.stringsdict")
        #expect(path.tableKind == .stringsDict)
        #expect(path.tableName == "Checkout")
        #expect(!path.isInfoPlist)
        let strings = BundlePath("Base.lproj/Localizable.strings")
        #expect(strings.localization == LocalizationFolder.base)
        #expect(strings.tableKind == .strings)
        #expect(strings.tableName == "Localizable")
    }

    @Test func buildsThePathOfATable() {
        #expect(BundlePath(localization: "fr", table: "Checkout", kind: .stringsDict).path == "fr.lproj/Checkout.stringsdict")
        #expect(BundlePath(localization: "de", table: "Localizable", kind: .strings).path == "de.lproj/Localizable.strings")
        #expect(TableKind.strings.fileName(table: "A") == "A.strings")
        #expect(LocalizationFolder.name(for: "zh-Hant") == "zh-Hant.lproj")
    }

    @Test func infoPlistIsOnlyTheRootFile() {
        #expect(BundlePath("Info.plist").isInfoPlist)
        #expect(BundlePath("Info.plist").localization == nil)
        #expect(BundlePath("Info.plist").tableKind == nil)
        #expect(!BundlePath("fr.lproj/Info.plist").isInfoPlist)
        #expect(!BundlePath("info.plist").isInfoPlist)
    }

    /// Anything a bundle does not read as a table: deeper paths, empty components, a root table, another suffix, a
    /// table name that is only the suffix, a folder that is only `.lproj`, and other letter cases.
    @Test(arguments: [
        "fr.lproj/sub/X.strings", "fr.lproj//X.strings", "/fr.lproj/X.strings", "Localizable.strings",
        "fr.lproj/X.plist", "fr.lproj/.strings", "fr.lproj/.stringsdict", ".lproj/X.strings", "fr.LPROJ/X.strings",
        "fr.lproj/X.STRINGS", "fr.lproj/X.Stringsdict", "fr.lproj/", "",
    ])
    func isNotATable(_ text: String) {
        #expect(BundlePath(text).tableKind == nil)
        #expect(BundlePath(text).tableName == nil)
    }

    @Test func localizationNeedsExactlyTwoComponentsAndAName() {
        #expect(BundlePath("fr.lproj/sub/X.strings").localization == nil)
        #expect(BundlePath(".lproj/X.strings").localization == nil)
        #expect(BundlePath("fr.lproj/X.plist").localization == "fr")
        #expect(LocalizationFolder.localization(ofFolder: "fr.lproj") == "fr")
        #expect(LocalizationFolder.localization(ofFolder: ".lproj") == nil)
        #expect(LocalizationFolder.localization(ofFolder: "fr.LPROJ") == nil)
        #expect(LocalizationFolder.localization(ofFolder: "fr") == nil)
    }

    /// The exact rule is the bundle's; source trees and published ZIPs are read in any letter case of the suffix.
    @Test func anyCaseRuleTakesOtherLetterCasesOfTheSuffix() {
        #expect(TableKind(fileName: "X.STRINGS") == nil)
        #expect(TableKind(anyCaseFileName: "X.STRINGS") == .strings)
        #expect(TableKind(anyCaseFileName: "X.StringsDict") == .stringsDict)
        #expect(TableKind(anyCaseFileName: ".STRINGS") == nil)
        #expect(TableKind(anyCaseFileName: "X.xcstrings") == nil)
        #expect(TableKind(fileName: "X.strings.stringsdict") == .stringsDict)
        #expect(TableKind.strings.tableName(ofFileName: "X.stringsdict") == nil)
        #expect(TableKind.stringsDict.tableName(ofFileName: "X.stringsdict") == "X")
    }

    @Test func lowercaseHexAcceptsOnlySixtyFourLowercaseDigits() {
        let digest = String(repeating: "0123456789abcdef", count: 4)
        #expect(LowercaseHex.isSHA256(digest))
        #expect(!LowercaseHex.isSHA256(digest.uppercased()))
        #expect(!LowercaseHex.isSHA256(String(digest.dropLast())))
        #expect(!LowercaseHex.isSHA256(digest + "0"))
        #expect(!LowercaseHex.isSHA256(String(digest.dropLast()) + "g"))
        #expect(LowercaseHex.isDigit(UInt8(ascii: "f")) && !LowercaseHex.isDigit(UInt8(ascii: "F")))
    }
}
