import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizations

extension ReadSideTests {
    /// The in-app language override (`setLanguageOverride(_:)`, `bundle(for:embedded:)`, docs/integration.md, "An
    /// in-app language"): the bundle it hands out holds, at its root, each table in the override language, from the
    /// over-the-air folder or the embedded bundle, keys the language lacks filled from the development region, and the
    /// language's plural rules. Expected tables are written by hand; the folder name is hashed by `sha256sum`.
    @Suite @MainActor struct LanguageOverrideTests {
        private static let englishStrings = "\"greeting\" = \"Hello %@\";\n\"farewell\" = \"Goodbye %@\";\n"
        private static let frenchStrings = "/* farewell is not translated yet */\n\"greeting\" = \"Bonjour %@\";\n"
        /// French plural rule of `items`, with CLDR's `many` (plurals.xml: fr has one, many, other).
        private static let frenchStringsdict = stringsdict([
            "items": ["one": "%d article", "many": "%d d’articles", "other": "%d articles"],
        ])
        /// English has `items` and `pages`, which French lacks.
        private static let englishStringsdict = stringsdict([
            "items": ["one": "%d item", "other": "%d items"], "pages": ["one": "%d page", "other": "%d pages"],
        ])

        private static func stringsdict(_ rules: [String: [String: String]]) -> String {
            var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
            for key in rules.keys.sorted() {
                text += "<key>\(key)</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>"
                text += "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
                text += "<key>NSStringFormatValueTypeKey</key><string>d</string>"
                for category in rules[key]!.keys.sorted() { text += "<key>\(category)</key><string>\(rules[key]![category]!)</string>" }
                text += "</dict></dict>\n"
            }
            return text + "</dict>\n</plist>\n"
        }

        /// The module's tables, in the shape every source has: en (development region) and fr.
        private static let files: [String: String] = [
            "Info.plist": TestStorage.infoPlist,
            "en.lproj/Localizable.strings": englishStrings, "en.lproj/Localizable.stringsdict": englishStringsdict,
            "fr.lproj/Localizable.strings": frenchStrings, "fr.lproj/Localizable.stringsdict": frenchStringsdict,
        ]

        /// Writes `files` (with `suffix` appended to each string value of the .strings tables) into `folder`.
        private static func write(_ folder: URL, suffix: String) throws -> [String: Data] {
            var written: [String: Data] = [:]
            for (path, text) in files {
                let data = Data((path.hasSuffix(".strings") ? text.replacingOccurrences(of: " %@\"", with: " %@\(suffix)\"") : text).utf8)
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
                written[path] = data
            }
            return written
        }

        /// An over-the-air install of `module` (sealed, with its `current`), written by hand.
        private static func install(_ storage: TestStorage, module: String) throws -> [String: Data] {
            let folder = storage.moduleFolder(version: "1.0", module: module).appendingPathComponent(TestHash.a, isDirectory: true)
            let written = try write(folder, suffix: " OTA")
            try InstalledLayout.seal(written).write(to: folder.appendingPathComponent(InstalledLayout.sealFileName))
            try Data((TestHash.a + "\n").utf8).write(to: storage.moduleFolder(version: "1.0", module: module).appendingPathComponent("current"))
            return written
        }

        /// An embedded bundle: a folder with the same tables, text marked `embedded`.
        private static func embedded(_ storage: TestStorage) throws -> (Bundle, [String: Data]) {
            let folder = storage.root.deletingLastPathComponent().appendingPathComponent("embedded-\(UUID().uuidString).bundle")
            let written = try write(folder, suffix: " embedded")
            return (try #require(Bundle(url: folder)), written)
        }

        /// The folder name the docs define: SHA-256 of the format line, the language, then per table (in byte order of
        /// the names) each source file's `<localization>/<name> <size>` line and bytes, the language first.
        private static func expectedFolderName(_ sources: [String: Data], language: String) throws -> String {
            var hashed = Data("ota-localizations-language-override 1\n\(language)\n".utf8)
            for table in ["Localizable.strings", "Localizable.stringsdict"] {
                for localization in ["fr", "en"] {
                    let data = sources["\(localization).lproj/\(table)"]!
                    hashed += Data("\(localization)/\(table) \(data.count)\n".utf8) + data
                }
            }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("override-hash-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: file) }
            try hashed.write(to: file)
            return try ExternalTool.sha256sumBlocking(file)
        }

        private static func table(_ bundle: Bundle, _ name: String) throws -> NSDictionary {
            let data = try Data(contentsOf: bundle.bundleURL.appendingPathComponent(name))
            return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? NSDictionary)
        }

        /// The root tables a French override must hold, from text marked `marker`.
        private static func expectTables(_ bundle: Bundle, marker: String) throws {
            #expect(try table(bundle, "Localizable.strings") == [
                "greeting": "Bonjour %@ \(marker)", "farewell": "Goodbye %@ \(marker)",
            ] as NSDictionary)
            let plurals = try table(bundle, "Localizable.stringsdict")
            let rule: (String) -> [String: String]? = { key in
                ((plurals[key] as? NSDictionary)?["n"] as? NSDictionary) as? [String: String]
            }
            #expect(rule("items") == [
                "NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d",
                "one": "%d article", "many": "%d d’articles", "other": "%d articles",
            ])
            #expect(rule("pages") == [
                "NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d",
                "one": "%d page", "other": "%d pages",
            ])
            #expect(try FileManager.default.contentsOfDirectory(atPath: bundle.bundlePath).sorted()
                == ["Info.plist", "Localizable.strings", "Localizable.stringsdict"])
            // Lookups through Foundation's own Bundle: the French text, and the missing key in English, never the key.
            #expect(bundle.localizedString(forKey: "greeting", value: nil, table: nil) == "Bonjour %@ \(marker)")
            #expect(bundle.localizedString(forKey: "farewell", value: nil, table: nil) == "Goodbye %@ \(marker)")
        }

        private func load(_ storage: TestStorage, override: String?) {
            OTALocalizedString.setLanguageOverride(override)
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0", maximumUnconfirmedLaunches: nil)
        }

        @Test func anOverTheAirModuleIsServedInTheOverrideLanguageWithMissingKeysFilled() throws {
            let storage = try TestStorage()
            let installed = try Self.install(storage, module: "OverrideCheckout")
            let (embedded, _) = try Self.embedded(storage)
            defer { OTALocalizedString.setLanguageOverride(nil); OTALocalizedString.clearBundleCache() }

            load(storage, override: "fr")
            #expect(OTALocalizedString.languageOverride == "fr")
            let bundle = OTALocalizedString.bundle(for: "OverrideCheckout", embedded: embedded)

            let name = try Self.expectedFolderName(installed, language: "fr")
            #expect(bundle.bundleURL.standardizedFileURL.path == storage.root
                .appendingPathComponent(".ota-language-overrides/\(InstalledLayout.storageName("OverrideCheckout"))/\(name)").standardizedFileURL.path)
            try Self.expectTables(bundle, marker: "OTA")
            #expect(OTALocalizedString.bundle(for: "OverrideCheckout", embedded: embedded) === bundle)
        }

        @Test func anEmbeddedModuleIsServedInTheOverrideLanguageAndARegionalTagFindsItsLanguage() throws {
            let storage = try TestStorage()
            let (embedded, sources) = try Self.embedded(storage)
            defer { OTALocalizedString.setLanguageOverride(nil); OTALocalizedString.clearBundleCache() }

            load(storage, override: "fr-CA")
            let bundle = OTALocalizedString.bundle(for: "OverrideProfile", embedded: embedded)

            #expect(bundle.bundleURL.lastPathComponent == (try Self.expectedFolderName(sources, language: "fr-CA")))
            try Self.expectTables(bundle, marker: "embedded")
        }

        @Test func anOverTheAirFolderWithoutTheLanguageGivesWayToTheEmbeddedBundle() throws {
            // Given: a folder assembled from slices holding base alone (en), of a module that has de, en and fr: the
            // record, written by hand from docs/operations.md's format, names the folder (sha256sum).
            let storage = try TestStorage()
            let record = Data("ota-localizations-slices 1\ndevelopment en\navailable de en fr\nbase \(TestHash.b)\n".utf8)
            let recordFile = storage.root.appendingPathComponent("record")
            try record.write(to: recordFile)
            let name = try ExternalTool.sha256sumBlocking(recordFile)
            let moduleFolder = storage.moduleFolder(version: "1.0", module: "OverrideSearch")
            let folder = moduleFolder.appendingPathComponent(name, isDirectory: true)
            var files: [String: Data] = [".ota-slices": record]
            for path in ["Info.plist", "en.lproj/Localizable.strings"] {
                let text = path == "Info.plist" ? TestStorage.infoPlist : Self.englishStrings.replacingOccurrences(of: " %@\"", with: " %@ OTA\"")
                files[path] = Data(text.utf8)
            }
            for (path, data) in files {
                try FileManager.default.createDirectory(at: folder.appendingPathComponent(path).deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: folder.appendingPathComponent(path))
            }
            try InstalledLayout.seal(files).write(to: folder.appendingPathComponent(InstalledLayout.sealFileName))
            try Data((name + "\n").utf8).write(to: moduleFolder.appendingPathComponent("current"))
            let (embedded, sources) = try Self.embedded(storage)
            defer { OTALocalizedString.setLanguageOverride(nil); OTALocalizedString.clearBundleCache() }

            // When: an English launch serves it; a French override cannot (it holds no French).
            OTALocalizedString.setLanguageOverride(nil)
            OTALocalizedString.loadBundlesFromDisk(
                storageRoot: storage.root, appVersion: "1.0", selection: OTALocalizationSelection(preferredLanguages: ["en"]),
                maximumUnconfirmedLaunches: nil)
            #expect(OTALocalizedString.bundle(for: "OverrideSearch") != nil)
            OTALocalizedString.setLanguageOverride("fr")
            OTALocalizedString.loadBundlesFromDisk(
                storageRoot: storage.root, appVersion: "1.0", selection: OTALocalizationSelection(preferredLanguages: ["en"]),
                maximumUnconfirmedLaunches: nil)
            let bundle = OTALocalizedString.bundle(for: "OverrideSearch", embedded: embedded)

            // Then: the override is merged from the embedded bundle, which has every language.
            #expect(bundle.bundleURL.lastPathComponent == (try Self.expectedFolderName(sources, language: "fr")))
            try Self.expectTables(bundle, marker: "embedded")
        }

        @Test func theFolderIsWrittenOnceAndWithoutAnOverrideNothingChanges() throws {
            let storage = try TestStorage()
            _ = try Self.install(storage, module: "OverrideCart")
            let (embedded, _) = try Self.embedded(storage)
            defer { OTALocalizedString.setLanguageOverride(nil); OTALocalizedString.clearBundleCache() }

            // Without an override: the installed bundle, or the embedded one for a module with nothing installed.
            load(storage, override: nil)
            #expect(OTALocalizedString.languageOverride == nil)
            #expect(OTALocalizedString.bundle(for: "OverrideCart", embedded: embedded) === OTALocalizedString.bundle(for: "OverrideCart"))
            #expect(OTALocalizedString.bundle(for: "OverrideNothing", embedded: embedded) === embedded)
            #expect(!FileManager.default.fileExists(atPath: storage.root.appendingPathComponent(".ota-language-overrides").path))

            load(storage, override: "fr")
            let first = OTALocalizedString.bundle(for: "OverrideCart", embedded: embedded)
            let before = storage.snapshot()
            // A later load (a later launch) finds the folder and writes nothing.
            load(storage, override: "fr")
            let again = OTALocalizedString.bundle(for: "OverrideCart", embedded: embedded)
            #expect(again.bundleURL == first.bundleURL)
            #expect(storage.snapshot().filter { !$0.key.contains("launch-attempts") && !$0.key.contains("readers") }
                == before.filter { !$0.key.contains("launch-attempts") && !$0.key.contains("readers") })
            let modules = try FileManager.default.contentsOfDirectory(
                atPath: storage.root.appendingPathComponent(".ota-language-overrides/\(InstalledLayout.storageName("OverrideCart"))").path)
            #expect(modules == [first.bundleURL.lastPathComponent])
        }
    }
}
