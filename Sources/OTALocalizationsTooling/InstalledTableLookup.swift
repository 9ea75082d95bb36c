import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsNames

/// Reads one key from an installed bundle on disk with the project's own table parsers: no `Bundle`, no
/// locale negotiation, no fallback to another localization.
///
/// The bundle folder is the one `modules/<module>/current` names (`OTAStorageLayout`). In it,
/// `<localization>.lproj/<table>.stringsdict` is consulted first and `<localization>.lproj/<table>.strings`
/// second, because Apple merges the two files of one table name and the `.stringsdict` entry wins for a key
/// both define (docs/apple-platform.md P2). Within a `.strings` file the last definition of a key wins (E3).
///
/// The value of a `.stringsdict` key is its `NSStringLocalizedFormatKey` (the format string with its `%#@name@`
/// variables, Apple: "Stringsdict File Format"), which is also what `NSLocalizedString` returns before
/// formatting; a `.stringsdict` key whose value is a plain string (docs/apple-platform.md P1, P2) returns that string.
///
/// Errors name the module, the app version and the file inside the bundle (`fr.lproj/Localizable.strings`), never a
/// path below `modules/`, whose folder names are storage names (`%43heckout` for `Checkout`, `OTAStorageLayout`).
///
/// Used by `ota-localizations lookup`. Reads only; safe from any thread.
package struct InstalledTableLookup: Sendable {
    /// Where a value was found.
    package enum Source: String, Sendable, Equatable {
        case strings
        case stringsDict
    }

    /// A value read from an installed table.
    package struct Value: Sendable, Equatable {
        /// The text: the `.strings` value, or the `.stringsdict` entry's `NSStringLocalizedFormatKey`.
        package var text: String
        /// Which of the two files held it.
        package var source: Source
        /// The table file it was read from.
        package var file: URL

        package init(text: String, source: Source, file: URL) {
            self.text = text
            self.source = source
            self.file = file
        }
    }

    /// The storage layout (storage root and app version) to read from.
    package let layout: OTAStorageLayout

    /// Creates a lookup on `layout`.
    package init(layout: OTAStorageLayout) {
        self.layout = layout
    }

    /// Returns the value of `key` in `module`'s installed `<localization>.lproj/<table>` tables.
    ///
    /// - Parameters:
    ///   - module: The module name, as in the manifest.
    ///   - localization: The `.lproj` folder name without its extension, for example `fr-CA` or `Base`.
    ///   - key: The key, compared exactly.
    ///   - table: The table name without extension; default `Localizable`.
    /// - Throws: ``InstalledTableLookupError`` with code `.invalidName`, `.notInstalled`, `.localizationMissing`,
    ///   `.tableMissing`, `.unreadableTable` or `.keyMissing`.
    package func value(
        module: String, localization: String, key: String, table: String = "Localizable"
    ) throws(InstalledTableLookupError) -> Value {
        for (label, name) in [("app version", layout.appVersion), ("module", module), ("localization", localization), ("table", table)]
        where !OTAStorageLayout.isPlainFileName(name) {
            throw InstalledTableLookupError(code: .invalidName, reason: "\(label) \"\(name)\" is not a plain file name")
        }
        let folder = try installedFolder(module: module)
        let lprojName = LocalizationFolder.name(for: localization)
        let lproj = folder.appendingPathComponent(lprojName, isDirectory: true)
        guard isDirectory(lproj) else {
            throw InstalledTableLookupError(
                code: .localizationMissing,
                reason: "module \(module) has no \(lprojName) in its installed bundle for app version \(layout.appVersion); "
                    + "pass one it has: \(localizations(in: folder))")
        }
        let stringsDictFile = lproj.appendingPathComponent(TableKind.stringsDict.fileName(table: table), isDirectory: false)
        let stringsFile = lproj.appendingPathComponent(TableKind.strings.fileName(table: table), isDirectory: false)
        let hasStringsDict = FileManager.default.fileExists(atPath: stringsDictFile.path)
        let hasStrings = FileManager.default.fileExists(atPath: stringsFile.path)
        guard hasStringsDict || hasStrings else {
            throw InstalledTableLookupError(
                code: .tableMissing,
                reason: "module \(module) has neither \(stringsFile.lastPathComponent) nor \(stringsDictFile.lastPathComponent) in \(lprojName)")
        }
        let stringsDictName = "\(lprojName)/\(stringsDictFile.lastPathComponent)"
        if hasStringsDict, case .stringsDict(let parsed) = try parse(stringsDictFile, module: module, named: stringsDictName),
           let entry = parsed.entries[key] {
            if let text = entry.stringValue ?? entry.dictionaryValue?["NSStringLocalizedFormatKey"]?.stringValue {
                return Value(text: text, source: .stringsDict, file: stringsDictFile)
            }
            throw InstalledTableLookupError(
                code: .unreadableTable,
                reason: "module \(module)'s \(stringsDictName): key \"\(key)\" has no NSStringLocalizedFormatKey string; "
                    + "publish the entry with its format string")
        }
        let stringsName = "\(lprojName)/\(stringsFile.lastPathComponent)"
        if hasStrings, case .strings(let parsed) = try parse(stringsFile, module: module, named: stringsName),
           let text = parsed.values[key] {
            return Value(text: text, source: .strings, file: stringsFile)
        }
        throw InstalledTableLookupError(
            code: .keyMissing,
            reason: "key \"\(key)\" is not in \(module)'s \(lprojName)/\(stringsFile.lastPathComponent) or \(TableKind.stringsDict.suffix)")
    }

    /// The folder `current` names, checked to exist.
    private func installedFolder(module: String) throws(InstalledTableLookupError) -> URL {
        let pointer = layout.currentPointerFile(module: module)
        let place = "app version \(layout.appVersion) in \(layout.storageRoot.path)"
        let contents = SmallFile.contents(pointer.path, maximumBytes: OTAStorageLayout.maximumCurrentPointerBytes)
        if case .missing = contents {
            throw InstalledTableLookupError(
                code: .notInstalled,
                reason: "module \(module) is not installed for \(place) (it has no current pointer); "
                    + "check --module against 'ota-localizations status', or run 'ota-localizations sync'")
        }
        // Anything but a pointer's bytes there (too long, a folder, a symbolic link, a FIFO) names no folder.
        guard case .data(let data) = contents, let folderName = OTAStorageLayout.parseCurrentPointer(data) else {
            throw InstalledTableLookupError(
                code: .notInstalled,
                reason: "module \(module)'s current pointer for \(place) names no installed folder; "
                    + "run 'ota-localizations sync' to install it again")
        }
        let folder = layout.installFolder(module: module, folderName: folderName)
        guard isDirectory(folder) else {
            throw InstalledTableLookupError(
                code: .notInstalled,
                reason: "module \(module)'s current pointer for \(place) names folder \(folderName), which is missing; "
                    + "run 'ota-localizations sync' to install it again")
        }
        return folder
    }

    /// Parses an installed table; an error names it as `module`'s `name` (`fr.lproj/Localizable.strings`).
    private func parse(_ file: URL, module: String, named name: String) throws(InstalledTableLookupError) -> LocalizationTable {
        do {
            let data = try Data(contentsOf: file)
            return try LocalizationTable.parse(data, path: name)
        } catch let error as TableError {
            throw InstalledTableLookupError(code: .unreadableTable, reason: "module \(module)'s \(error.description)")
        } catch {
            throw InstalledTableLookupError(
                code: .unreadableTable, reason: "module \(module)'s \(name) cannot be read: \(error.localizedDescription)")
        }
    }

    /// The `.lproj` names of a bundle folder without the extension, sorted and comma-separated (`none` when empty).
    private func localizations(in folder: URL) -> String {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .compactMap(LocalizationFolder.localization(ofFolder:)).sorted()
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }

    private func isDirectory(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
    }
}
