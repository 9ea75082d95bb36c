import Foundation
import OTALocalizationsDigest
import OTALocalizationsNames

/// The bundle of one module under an in-app language override (docs/integration.md, "An in-app language"): a flat
/// bundle whose root holds, for each table of the module, the override language's entries with every key it lacks
/// filled from the languages it falls back to and then from the development region; `.stringsdict` entries (plural
/// rules) likewise, whole. Apple reads root tables before any `.lproj` whatever the app's language
/// (docs/apple-platform.md, O1), so no per-key fallback is needed from it (it has none, F1).
///
/// The sources are the tables of one bundle folder (the module's over-the-air folder, or its embedded bundle), read
/// with `PropertyListSerialization`, which parses every format a device reads (old-style text, XML and binary property
/// lists). The folder is named by the SHA-256 of the language and of every source file's path and bytes, so the same
/// sources give the same folder and a change gives a new path (a `Bundle` is kept per path for the process, C1); it
/// is built under a temporary name and renamed into place, so it is complete or absent, and written once: later
/// processes find it. Runs on the thread of the module's first lookup under the override.
enum LanguageOverrideFolder {
    /// The first line of what is hashed: a change of the merge's rules makes new folders.
    static let formatLine = "ota-localizations-language-override 1\n"
    /// The largest table read, in bytes (as the installer's default per-table limit).
    static let maximumTableBytes = 4 * 1024 * 1024

    /// One table of the sources: its file name and the files it is merged from, the first one's entries first.
    struct Table {
        var name: String
        var sources: [(localization: String, data: Data)]
    }

    /// The override bundle's folder for `module` from the tables of `source`, built when absent; nil when the
    /// sources cannot be read or the folder cannot be written (the caller then serves without the override).
    static func folder(module: String, source: Bundle, language: String, layout: OTAStorageLayout) -> URL? {
        guard let resources = source.resourceURL ?? Optional(source.bundleURL),
              let plan = plan(resources: resources, developmentRegion: source.developmentLocalization, language: language)
        else { return nil }
        guard let folder = layout.languageOverrideFolder(module: module, sha256: plan.sha256) else { return nil }
        // A link or a file planted where the folder goes is removed (never followed), and the folder built anew.
        guard clearUnlessDirectory(folder) else { return nil }
        // Read, not only found: a folder that cannot be read now (before the first unlock, D3) is never opened, since
        // its `Bundle` would keep the emptiness for the process (D4).
        if isReadable(folder) { return folder }
        return build(plan, at: folder, layout: layout) && isReadable(folder) ? folder : nil
    }

    struct Plan {
        /// The localizations merged, in order of precedence, the development region last.
        var order: [String]
        var tables: [Table]
        var sha256: String
    }

    /// What the override bundle of `language` is merged from in the bundle whose resources are at `source` and
    /// whose development region is `developmentRegion`, and its name.
    static func plan(resources source: URL, developmentRegion: String?, language: String) -> Plan? {
        let manager = FileManager.default
        guard let entries = try? manager.contentsOfDirectory(atPath: source.path) else { return nil }
        let localizations = entries.filter { $0.hasSuffix(LocalizationFolder.suffix) }
            .map { String($0.dropLast(LocalizationFolder.suffix.count)) }
        let development = developmentRegion ?? localizations.first { $0 != LocalizationFolder.base } ?? language
        let chosen = OTALocalizationSelection(preferredLanguages: [language]).localizations(from: localizations)
        // Apple's order for one table (F3, F4): the chosen localization, Base, its other fallbacks, the development region.
        var order: [String] = Array(chosen.prefix(1))
        if localizations.contains(LocalizationFolder.base) { order.append(LocalizationFolder.base) }
        order += chosen.dropFirst()
        if !order.contains(development) { order.append(development) }
        var names: Set<String> = []
        for localization in order {
            let folder = source.appendingPathComponent(localization + LocalizationFolder.suffix, isDirectory: true)
            for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] where TableKind(fileName: name) != nil {
                names.insert(name)
            }
        }
        var tables: [Table] = []
        var hashed = Data((formatLine + language + "\n").utf8)
        for name in UTF8ByteOrder.sorted(Array(names)) {
            var table = Table(name: name, sources: [])
            for localization in order {
                let path = source.appendingPathComponent(localization + LocalizationFolder.suffix, isDirectory: true)
                    .appendingPathComponent(name, isDirectory: false).path
                switch SmallFile.contents(path, maximumBytes: maximumTableBytes) {
                case .missing: continue
                case .unreadable: return nil
                case .data(let data):
                    table.sources.append((localization, data))
                    hashed += Data("\(localization)/\(name) \(data.count)\n".utf8) + data
                }
            }
            tables.append(table)
        }
        return Plan(order: order, tables: tables, sha256: OTASHA256.hexString(hashed))
    }

    /// The merged entries of `table`: each key from the first source that has it. A source that does not parse is
    /// left out, as Apple reads it as an empty table (E2).
    static func merged(_ table: Table) -> [String: Any] {
        var merged: [String: Any] = [:]
        for source in table.sources.reversed() {
            guard let entries = (try? PropertyListSerialization.propertyList(from: source.data, format: nil)) as? [String: Any] else {
                continue
            }
            merged.merge(entries) { _, preferred in preferred }
        }
        return merged
    }

    /// Writes the bundle of `plan` under a temporary name beside `folder`, then renames it into place; true when
    /// `folder` is then complete (also when another process renamed its own copy first).
    private static func build(_ plan: Plan, at folder: URL, layout: OTAStorageLayout) -> Bool {
        let manager = FileManager.default
        let parent = folder.deletingLastPathComponent()
        let temporary = parent.appendingPathComponent(".tmp-\(UUID().uuidString)", isDirectory: true)
        do {
            try makeFolders(for: temporary, storageRoot: layout.storageRoot)
            let info: [String: Any] = [
                "CFBundleDevelopmentRegion": plan.order.first { $0 != LocalizationFolder.base } ?? plan.order[0],
                "CFBundleInfoDictionaryVersion": "6.0", "CFBundlePackageType": "BNDL",
            ]
            var files: [(String, Data)] = [("Info.plist", try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0))]
            for table in plan.tables {
                files.append((table.name, try PropertyListSerialization.data(fromPropertyList: merged(table), format: .xml, options: 0)))
            }
            for (name, data) in files {
                try NewFile.create(data, at: temporary.appendingPathComponent(name, isDirectory: false).path, mode: 0o644, flush: .toDisk)
            }
            FileFlush.toDisk.applyToFolder(temporary.path)
        } catch {
            try? manager.removeItem(at: temporary)
            return false
        }
        if rename(temporary.path, folder.path) != 0 {
            try? manager.removeItem(at: temporary)
            return manager.fileExists(atPath: folder.appendingPathComponent("Info.plist").path)
        }
        FileFlush.toDisk.applyToFolder(parent.path)
        return true
    }

    /// Removes what is at `url` unless it is a real folder (a symbolic link is removed itself, never followed); true
    /// when `url` is now a real folder or absent.
    private static func clearUnlessDirectory(_ url: URL) -> Bool {
        guard let type = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType else {
            return true
        }
        if type == .typeDirectory { return true }
        return unlink(url.path) == 0
    }

    /// Whether the bundle folder at `folder` has an `Info.plist` that can be read now.
    private static func isReadable(_ folder: URL) -> Bool {
        SmallFile.read(folder.appendingPathComponent("Info.plist").path, maximumBytes: 64 * 1024) != nil
    }

    /// Creates `folder` and its missing parents: those outside the storage root with the system's defaults, the
    /// storage root and what is inside it without file protection, as the service creates its own (A3), so that the
    /// files written in them are readable before the first unlock (D1).
    private static func makeFolders(for folder: URL, storageRoot: URL) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: storageRoot.deletingLastPathComponent(), withIntermediateDirectories: true)
        let root = storageRoot.standardizedFileURL.pathComponents
        let components = folder.standardizedFileURL.pathComponents
        guard components.count > root.count, Array(components.prefix(root.count)) == root else { throw CocoaError(.fileWriteInvalidFileName) }
        var path = storageRoot.standardizedFileURL
        for index in root.count...components.count {
            // Below the storage root, only real folders are entered: a symbolic link (or a file) there would send
            // the writes elsewhere, so it is removed (the link itself, never what it points to) and a folder made.
            if index > root.count, !clearUnlessDirectory(path) { throw CocoaError(.fileWriteFileExists) }
            var isDirectory: ObjCBool = false
            if !manager.fileExists(atPath: path.path, isDirectory: &isDirectory) {
                do {
                    try manager.createDirectory(at: path, withIntermediateDirectories: false, attributes: [.protectionKey: FileProtectionType.none])
                } catch where manager.fileExists(atPath: path.path, isDirectory: &isDirectory) && isDirectory.boolValue {
                    // Another thread or process made it meanwhile.
                }
            } else if !isDirectory.boolValue {
                throw CocoaError(.fileWriteFileExists)
            }
            if index < components.count { path.appendPathComponent(components[index], isDirectory: true) }
        }
    }
}
