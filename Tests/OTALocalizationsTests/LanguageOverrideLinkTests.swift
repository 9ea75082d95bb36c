import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizations

extension ReadSideTests {
    /// Hostile input for the in-app language override (docs/integration.md, "An in-app language"): a hostile
    /// host plants symbolic links under `.ota-language-overrides`, or passes hostile language strings. docs/design.md
    /// says a symbolic link found in the storage root "redirects nothing"; these check that nothing is written outside
    /// the storage root and that no text is served from outside it.
    @Suite @MainActor struct LanguageOverrideLinkTests {
        private static let english = "\"greeting\" = \"Hello\";\n"
        private static let french = "\"greeting\" = \"Bonjour\";\n"

        /// An embedded bundle (en, fr) beside the storage root.
        private static func embedded(_ storage: TestStorage) throws -> Bundle {
            let folder = storage.root.deletingLastPathComponent().appendingPathComponent("adv-embedded-\(UUID().uuidString).bundle")
            for (path, text) in ["Info.plist": TestStorage.infoPlist, "en.lproj/Localizable.strings": english,
                                 "fr.lproj/Localizable.strings": french] {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            return try #require(Bundle(url: folder))
        }

        /// A folder outside the storage root, empty.
        private static func outside() throws -> URL {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("adv-outside-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return folder
        }

        /// Every path under `folder`, relative.
        private static func tree(_ folder: URL) -> [String] {
            (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
        }

        private func load(_ storage: TestStorage, override: String?) {
            OTALocalizedString.setLanguageOverride(override)
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0", maximumUnconfirmedLaunches: nil)
        }

        /// `.ota-language-overrides` planted as a symbolic link to a folder outside the storage root: the link is
        /// removed, never followed (it used to send the override bundle's writes into that folder, served from there).
        @Test func aLinkedOverridesFolderRedirectsNoWrite() throws {
            let storage = try TestStorage()
            let embedded = try Self.embedded(storage)
            defer { try? FileManager.default.removeItem(at: embedded.bundleURL) }
            let outside = try Self.outside()
            defer { OTALocalizedString.setLanguageOverride(nil); OTALocalizedString.clearBundleCache(); try? FileManager.default.removeItem(at: outside) }
            try FileManager.default.createDirectory(at: storage.root, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: storage.root.appendingPathComponent(".ota-language-overrides").path, withDestinationPath: outside.path)

            load(storage, override: "fr")
            let bundle = OTALocalizedString.bundle(for: "AdvLinked", embedded: embedded)

            #expect(Self.tree(outside) == [], "written outside the storage root: \(Self.tree(outside))")
            #expect(!bundle.bundleURL.resolvingSymlinksInPath().path.hasPrefix(outside.resolvingSymlinksInPath().path))
        }

        /// `.ota-language-overrides/<storage name>` planted as a symbolic link outside the root: removed, not followed.
        @Test func aLinkedModuleFolderRedirectsNoWrite() throws {
            let storage = try TestStorage()
            let embedded = try Self.embedded(storage)
            defer { try? FileManager.default.removeItem(at: embedded.bundleURL) }
            let outside = try Self.outside()
            defer { OTALocalizedString.setLanguageOverride(nil); OTALocalizedString.clearBundleCache(); try? FileManager.default.removeItem(at: outside) }
            let overrides = storage.root.appendingPathComponent(".ota-language-overrides", isDirectory: true)
            try FileManager.default.createDirectory(at: overrides, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: overrides.appendingPathComponent(InstalledLayout.storageName("AdvLinkedModule")).path, withDestinationPath: outside.path)

            load(storage, override: "fr")
            _ = OTALocalizedString.bundle(for: "AdvLinkedModule", embedded: embedded)

            #expect(Self.tree(outside) == [], "written outside the storage root: \(Self.tree(outside))")
        }

        /// The override bundle's own folder planted as a symbolic link to a bundle outside the root, with other text:
        /// the link is removed and the bundle built in its place, so that text is never served.
        @Test func aLinkedBundleFolderServesNoTextFromOutside() throws {
            let storage = try TestStorage()
            let embedded = try Self.embedded(storage)
            defer { try? FileManager.default.removeItem(at: embedded.bundleURL) }
            let outside = try Self.outside()
            defer { OTALocalizedString.setLanguageOverride(nil); OTALocalizedString.clearBundleCache(); try? FileManager.default.removeItem(at: outside) }
            try Data(TestStorage.infoPlist.utf8).write(to: outside.appendingPathComponent("Info.plist"))
            try Data("\"greeting\" = \"PLANTED\";\n".utf8).write(to: outside.appendingPathComponent("Localizable.strings"))
            // Learn the folder's name from a first, clean build of another module (the name hashes the language and the
            // sources only), then plant a link at that name for a module whose path no `Bundle` of this process has seen.
            load(storage, override: "fr")
            let clean = OTALocalizedString.bundle(for: "AdvCleanBundle", embedded: embedded)
            #expect(clean.localizedString(forKey: "greeting", value: nil, table: nil) == "Bonjour")
            let name = clean.bundleURL.lastPathComponent
            let moduleFolder = storage.root.appendingPathComponent(".ota-language-overrides", isDirectory: true)
                .appendingPathComponent(InstalledLayout.storageName("AdvLinkedBundle"), isDirectory: true)
            try FileManager.default.createDirectory(at: moduleFolder, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: moduleFolder.appendingPathComponent(name).path, withDestinationPath: outside.path)

            load(storage, override: "fr")
            let bundle = OTALocalizedString.bundle(for: "AdvLinkedBundle", embedded: embedded)

            #expect(bundle.localizedString(forKey: "greeting", value: nil, table: nil) != "PLANTED")
        }

        /// Hostile override strings: nothing is created outside the storage root, nothing crashes.
        @Test func hostileLanguageStringsWriteNothingOutside() throws {
            let storage = try TestStorage()
            let embedded = try Self.embedded(storage)
            defer { try? FileManager.default.removeItem(at: embedded.bundleURL) }
            let parent = storage.root.deletingLastPathComponent()
            defer { OTALocalizedString.setLanguageOverride(nil); OTALocalizedString.clearBundleCache() }
            let before = Set((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [])
            for language in ["..", "../../escape", "fr/../../escape", "/tmp/escape", "fr\u{0}de", "", " ",
                             String(repeating: "x", count: 100_000), "fr\n", "🇫🇷"] {
                load(storage, override: language)
                let bundle = OTALocalizedString.bundle(for: "AdvHostile", embedded: embedded)
                _ = bundle.localizedString(forKey: "greeting", value: nil, table: nil)
                OTALocalizedString.clearBundleCache()
            }
            let after = Set((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [])
            #expect(after.subtracting(before).filter { $0.contains("escape") } == [])
            #expect(!FileManager.default.fileExists(atPath: "/tmp/escape"))
        }
    }
}
