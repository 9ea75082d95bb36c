import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsPackager

/// Deterministic inputs the benchmarks generate into temporary folders.
enum Fixtures {
    /// 40 localizations: `en` (the development region) and 39 others.
    static let languages = [
        "en", "ar", "ca", "cs", "da", "de", "el", "es", "es-419", "fi", "fr", "fr-CA", "he", "hi", "hr", "hu", "id",
        "it", "ja", "ko", "ms", "nb", "nl", "pl", "pt-BR", "pt-PT", "ro", "ru", "sk", "sv", "th", "tr", "uk", "vi",
        "zh-Hans", "zh-Hant", "zh-HK", "bg", "et", "lt",
    ]

    /// The name of generated module `index` (1-based): `Feature01` … `Feature30` (`Feature100` and on beyond 99).
    static func moduleName(_ index: Int) -> String {
        "Feature" + (index < 10 ? "0" : "") + String(index)
    }

    /// A temporary folder that the caller removes.
    static func temporaryFolder(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ota-bench-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    // MARK: Monorepo

    /// Writes a Swift-package monorepo of `modules` targets × ``languages``, each with a `Localizable.strings`
    /// of `keys` entries (every third with a `%@`) and a `Localizable.stringsdict` with one plural rule.
    ///
    /// - Returns: the module folders (`Packages/Features/Sources/<Name>/Resources`), for edits.
    @discardableResult
    static func writeMonorepo(at root: URL, modules: Int = 30, keys: Int = 60, languageCount: Int = 40) throws -> [String: URL] {
        let fileManager = FileManager.default
        let package = root.appendingPathComponent("Packages/Features", isDirectory: true)
        try fileManager.createDirectory(at: package, withIntermediateDirectories: true)
        try Data("// swift-tools-version:5.9\nimport PackageDescription\n".utf8)
            .write(to: package.appendingPathComponent("Package.swift"))
        var folders: [String: URL] = [:]
        for index in 1...modules {
            let name = moduleName(index)
            let resources = package.appendingPathComponent("Sources/\(name)/Resources", isDirectory: true)
            folders[name] = resources
            try Data("import Foundation\n".utf8).write(to: {
                let source = package.appendingPathComponent("Sources/\(name)/\(name).swift")
                try? fileManager.createDirectory(at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
                return source
            }())
            for language in languages.prefix(languageCount) {
                let lproj = resources.appendingPathComponent("\(language).lproj", isDirectory: true)
                try fileManager.createDirectory(at: lproj, withIntermediateDirectories: true)
                try Data(stringsTable(module: name, language: language, keys: keys, revision: 0).utf8)
                    .write(to: lproj.appendingPathComponent("Localizable.strings"))
                try Data(stringsDict(module: name, language: language).utf8)
                    .write(to: lproj.appendingPathComponent("Localizable.stringsdict"))
            }
        }
        return folders
    }

    /// One `.strings` table; `revision` changes the first value (for republishing one module).
    static func stringsTable(module: String, language: String, keys: Int, revision: Int) -> String {
        var text = "/* \(module), \(language) */\n"
        for key in 0..<keys {
            let suffix = key == 0 && revision > 0 ? " r\(revision)" : ""
            let value = key % 3 == 0
                ? "\(module) \(language) message \(key) for %@\(suffix)"
                : "\(module) \(language) label number \(key) with some ordinary interface text\(suffix)"
            text += "\"\(module.lowercased()).key.\(key)\" = \"\(value)\";\n"
        }
        return text
    }

    static func stringsDict(module: String, language: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>\(module.lowercased()).items</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%#@items@</string>
        \t\t<key>items</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>d</string>
        \t\t\t<key>other</key>
        \t\t\t<string>%d items (\(language))</string>
        \t\t</dict>
        \t</dict>
        </dict>
        </plist>

        """
    }

    // MARK: Storage root

    /// Writes an installed storage root as `OTAStorageLayout` describes it: per module `modules/<storage name>/current`
    /// (the SHA-256 and a newline) and `modules/<storage name>/<sha256>/` holding `Info.plist`,
    /// `en.lproj/Localizable.strings` and the seal (`BundleSeal`), as the installer writes them.
    ///
    /// - Returns: the module names.
    static func writeStorageRoot(at root: URL, appVersion: String, modules: Int) throws -> [String] {
        let layout = OTAStorageLayout(storageRoot: root, appVersion: appVersion)
        let fileManager = FileManager.default
        var names: [String] = []
        for index in 1...modules {
            let name = "Module" + String(format: "%03d", index)
            names.append(name)
            let table = Data(stringsTable(module: name, language: "en", keys: 10, revision: 0).utf8)
            let sha = SHA256Digest.hexString(table)
            let folder = layout.installFolder(module: name, folderHash: sha)
            try fileManager.createDirectory(at: folder.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
            let infoPlist = BundleInfoPlist.bytes(developmentRegion: "en")
            try infoPlist.write(to: folder.appendingPathComponent("Info.plist"))
            try table.write(to: folder.appendingPathComponent("en.lproj/Localizable.strings"))
            let seal = BundleSeal(files: [
                .init(path: "Info.plist", size: Int64(infoPlist.count), sha256: SHA256Digest.hexString(infoPlist)),
                .init(path: "en.lproj/Localizable.strings", size: Int64(table.count), sha256: sha),
            ])
            try seal.encoded().write(to: folder.appendingPathComponent(BundleSeal.fileName))
            try OTAStorageLayout.currentPointerContents(folderHash: sha).write(to: layout.currentPointerFile(module: name))
        }
        return names
    }

    /// Total size in bytes of the regular files under `folder`.
    static func bytes(under folder: URL) -> Int64 {
        var total: Int64 = 0
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            let values = try? url.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
            if values?.isRegularFile == true { total += Int64(values?.fileSize ?? 0) }
        }
        return total
    }
}
