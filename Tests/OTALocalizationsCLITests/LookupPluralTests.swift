import Foundation
import OTALocalizations
import OTATestSupport
import Testing

/// `lookup` of a `.stringsdict` key in a bundle installed as `OTAStorageLayout` describes: every form, and with
/// `--count` the form CLDR selects (the categories from the samples of `plurals.xml` @ 004469dc: ru `one` 1, 21, …;
/// `few` 2~4, 22~24, …; `many` 0, 5~19, …; `other` only decimals such as 1.5).
@Suite struct LookupPluralTests {
    private static let sha = String(repeating: "ab", count: 32)

    private func install(_ root: URL) throws {
        let layout = OTAStorageLayout(storageRoot: root, appVersion: "1.0")
        let folder = layout.installFolder(module: "Shop", folderHash: Self.sha)
        let lproj = folder.appendingPathComponent("ru.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>files</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@count@</string>
            <key>count</key><dict>
            <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>ld</string>
            <key>one</key><string>%ld файл</string>
            <key>few</key><string>%ld файла</string>
            <key>many</key><string>%ld файлов</string>
            </dict></dict></dict></plist>
            """.utf8).write(to: lproj.appendingPathComponent("Localizable.stringsdict"))
        try Data("\"title\" = \"Магазин\";\n".utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        try OTAStorageLayout.currentPointerContents(folderHash: Self.sha).write(to: layout.currentPointerFile(module: "Shop"))
    }

    private func lookup(_ root: URL, _ key: String, _ extra: [String] = []) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, [
            "lookup", "--into", root.path, "--app-version", "1.0", "--module", "Shop", "--localization", "ru", "--key", key,
        ] + extra)
    }

    @Test func showsEveryFormAndTheOneCLDRSelects() async throws {
        let root = try TemporaryDirectory("lookup-plural")
        defer { root.remove() }
        try install(root.url)

        let forms = try await lookup(root.url, "files")
        #expect(forms.status == 0, "\(forms.stderr)")
        #expect(forms.stdout == "%#@count@\n  count one: %ld файл\n  count few: %ld файла\n  count many: %ld файлов\n")

        let note = "On a device Apple's Bundle chooses the form, with the CLDR data of its iOS release.\n"
        for (count, category, form) in [("21", "one", "\"%ld файл\""), ("3", "few", "\"%ld файла\""), ("5", "many", "\"%ld файлов\""),
                                        ("0", "many", "\"%ld файлов\"")] {
            let selected = try await lookup(root.url, "files", ["--count", count])
            #expect(selected.stdout.hasSuffix("--count \(count) in ru: count selects \(category) (CLDR plurals.xml @ 004469dc): \(form)\n" + note), "\(count)")
        }
        let decimal = try await lookup(root.url, "files", ["--count", "1.5"])
        #expect(decimal.stdout.contains("--count 1.5 in ru: count selects other (CLDR plurals.xml @ 004469dc): no form (Apple documents other as the form of every count without its own: none either)\n"))
    }

    @Test func aPlainValueAndABadCountSaySo() async throws {
        let root = try TemporaryDirectory("lookup-plural")
        defer { root.remove() }
        try install(root.url)
        let plain = try await lookup(root.url, "title", ["--count", "2"])
        #expect(plain.stdout == "Магазин\n--count 2: \"title\" is a .strings value, not a plural entry; no form to select\n")
        let bad = try await lookup(root.url, "files", ["--count", "two"])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("error: --count 'two' is not a number such as 1, 1.5, 1000000 or 1c6\n"))
    }
}
