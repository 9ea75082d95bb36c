import Foundation
import OTALocalizations
import OTALocalizationsSync
import OTALocalizationsTooling
import OTATestSupport
import Testing

/// `InstalledTableLookup` on bundle folders written by the test; expected values are the fixture's text.
@Suite struct InstalledTableLookupTests {
    static let sha = String(repeating: "ab", count: 32)
    static let moduleFolder = "1.0.0/modules/" + InstalledLayout.storageName("Checkout")

    private func fixture() throws -> (TemporaryDirectory, InstalledTableLookup) {
        let root = try TemporaryDirectory("lookup")
        let bundle = "\(Self.moduleFolder)/\(Self.sha)"
        try root.write("\(Self.moduleFolder)/current", Self.sha + "\n")
        try root.write("\(bundle)/Info.plist", "<plist version=\"1.0\"><dict/></plist>")
        try root.write("\(bundle)/de.lproj/Localizable.strings", """
            /* "a" = "in a comment"; */
            "a" = "strings A";
            "b" = "first B";
            "b" = "last B";
            "only.strings" = "Nur hier";
            """)
        try root.write("\(bundle)/de.lproj/Localizable.stringsdict", """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>a</key><dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@items@ im Korb</string>
                <key>items</key><dict>
                  <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key><string>d</string>
                  <key>one</key><string>%d Artikel</string>
                  <key>other</key><string>%d Artikel</string>
                </dict>
              </dict>
              <key>plain</key><string>Einfach</string>
              <key>broken</key><dict><key>other</key><string>x</string></dict>
            </dict></plist>
            """)
        try root.write("\(bundle)/de.lproj/Payment.strings", "\"pay\" = \"Bezahlen\";\n")
        try root.write("\(bundle)/fr.lproj/Payment.strings", "\"pay\" = \"Payer\";\n")
        try root.write("\(bundle)/fr.lproj/Broken.strings", "\"pay\" = \"Payer\"\n")
        return (root, InstalledTableLookup(layout: OTAStorageLayout(storageRoot: root.url, appVersion: "1.0.0")))
    }

    @Test func stringsdictWinsOverStringsForTheSameKey() throws {
        let (root, lookup) = try fixture()
        defer { root.remove() }
        let value = try lookup.value(module: "Checkout", localization: "de", key: "a")
        #expect(value.text == "%#@items@ im Korb")
        #expect(value.source == .stringsDict)
        #expect(value.file.lastPathComponent == "Localizable.stringsdict")
    }

    @Test func readsStringsKeysWithTheLastDefinitionWinning() throws {
        let (root, lookup) = try fixture()
        defer { root.remove() }
        #expect(try lookup.value(module: "Checkout", localization: "de", key: "b").text == "last B")
        #expect(try lookup.value(module: "Checkout", localization: "de", key: "only.strings")
            == .init(text: "Nur hier", source: .strings, file: root.url.appendingPathComponent("\(Self.moduleFolder)/\(Self.sha)/de.lproj/Localizable.strings")))
        #expect(try lookup.value(module: "Checkout", localization: "de", key: "plain").text == "Einfach")
        #expect(try lookup.value(module: "Checkout", localization: "fr", key: "pay", table: "Payment").text == "Payer")
    }

    @Test func reportsWhatIsMissing() throws {
        let (root, lookup) = try fixture()
        defer { root.remove() }
        func code(_ module: String, _ localization: String, _ key: String, _ table: String = "Localizable") -> InstalledTableLookupError.Code? {
            do {
                _ = try lookup.value(module: module, localization: localization, key: key, table: table)
                return nil
            } catch {
                return error.code
            }
        }
        #expect(code("Checkout", "de", "nope") == .keyMissing)
        #expect(code("Checkout", "ja", "a") == .localizationMissing)
        #expect(code("Checkout", "fr", "a") == .tableMissing)
        #expect(code("Checkout", "fr", "pay", "Broken") == .unreadableTable)
        #expect(code("Checkout", "de", "broken") == .unreadableTable)
        #expect(code("Profile", "de", "a") == .notInstalled)
        #expect(code("../Checkout", "de", "a") == .invalidName)
        #expect(code("Checkout", "de", "a", "../x") == .invalidName)
        try root.write("\(Self.moduleFolder)/current", "not a hash\n")
        #expect(code("Checkout", "de", "a") == .notInstalled)
        try root.write("\(Self.moduleFolder)/current", String(repeating: "cd", count: 32) + "\n")
        #expect(code("Checkout", "de", "a") == .notInstalled)
    }

    @Test func errorsNameTheModuleAndTheFileInItsBundleNotTheStorageName() throws {
        // Given: module Checkout, stored in modules/%43heckout/ (OTAStorageLayout's storage name).
        let (root, lookup) = try fixture()
        defer { root.remove() }
        func reason(_ module: String, _ localization: String, _ key: String, _ table: String = "Localizable") -> String {
            do {
                _ = try lookup.value(module: module, localization: localization, key: key, table: table)
                return ""
            } catch {
                return error.reason
            }
        }
        let place = "app version 1.0.0 in \(root.path)"

        // Then: every message names Checkout and the file inside the bundle, and none the folder %43heckout.
        let reasons = [
            reason("Checkout", "ja", "a"), reason("Checkout", "fr", "pay", "Broken"), reason("Checkout", "de", "broken"),
            reason("Profile", "de", "a"),
        ]
        // Broken.strings is `"pay" = "Payer"` without its `;`: the place is right after the value, column 16.
        #expect(reasons[1].hasPrefix("module Checkout's fr.lproj/Broken.strings:1:16: "))
        #expect(reasons[1].hasSuffix(" found end of file"))
        #expect(reasons.enumerated().filter { $0.offset != 1 }.map(\.element) == [
            "module Checkout has no ja.lproj in its installed bundle for app version 1.0.0; pass one it has: de, fr",
            "module Checkout's de.lproj/Localizable.stringsdict: key \"broken\" has no NSStringLocalizedFormatKey string; publish the entry with its format string",
            "module Profile is not installed for \(place) (it has no current pointer); check --module against 'ota-localizations status', or run 'ota-localizations sync'",
        ])
        try root.write("\(Self.moduleFolder)/current", "not a hash\n")
        #expect(reason("Checkout", "de", "a") == "module Checkout's current pointer for \(place) names no installed folder; run 'ota-localizations sync' to install it again")
        let other = String(repeating: "cd", count: 32)
        try root.write("\(Self.moduleFolder)/current", other + "\n")
        #expect(reason("Checkout", "de", "a") == "module Checkout's current pointer for \(place) names folder \(other), which is missing; run 'ota-localizations sync' to install it again")
        #expect(!reasons.joined().contains("%43"))
    }
}
