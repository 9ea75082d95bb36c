import Foundation
import OTALocalizationsCore
import OTALocalizationsNames

/// One module's tables, already read, as validation takes them.
///
/// A module is one bundle: the folder whose `*.lproj` subfolders become one OTA bundle. Discovery reads
/// each table file and passes it here with its location; validation itself reads no files.
public struct ValidationInput: Sendable {
    /// The content of one table file: the parsed table, or why it could not be parsed.
    public enum Content: Sendable {
        /// A parsed `.strings` table.
        case strings(StringsTable)
        /// A parsed `.stringsdict` table.
        case stringsDict(StringsDictTable)
        /// A file that could not be read or parsed, with the error (reported as `parse-error` or `encoding`).
        case unreadable(TableError)

        /// The content of a table already parsed.
        public init(_ table: LocalizationTable) {
            switch table {
            case .strings(let strings): self = .strings(strings)
            case .stringsDict(let dictionary): self = .stringsDict(dictionary)
            }
        }

        /// Parses `data` with ``LocalizationTable/parse(_:path:)`` (the kind by `path`'s suffix, in any letter case);
        /// a `TableError` becomes ``unreadable(_:)``. Never throws.
        public init(parsing data: Data, path: String) {
            do {
                self.init(try LocalizationTable.parse(data, path: path))
            } catch {
                self = .unreadable(error)
            }
        }
    }

    /// One `.strings` or `.stringsdict` file of the module.
    public struct File: Sendable {
        /// The path shown in diagnostics (the CLI passes it relative to the repository root).
        public var path: String
        /// The path inside the module's resource root, `/`-separated: `fr.lproj/Localizable.strings`,
        /// `Localizable.strings` (root table), `Resources/en.lproj/X.strings` (nested).
        public var relativePath: String {
            didSet { (localization, tableName) = Self.names(relativePath) }
        }
        public var content: Content
        /// The `.lproj` name without its extension when the file sits directly in an `.lproj` folder at the
        /// resource root (`fr` for `fr.lproj/X.strings`), else nil.
        public private(set) var localization: String?
        /// The file name without its extension (`Localizable`).
        public private(set) var tableName: String

        public init(path: String, relativePath: String, content: Content) {
            self.path = path
            self.relativePath = relativePath
            self.content = content
            (localization, tableName) = Self.names(relativePath)
        }

        /// ``localization`` and ``tableName`` of a relative path (kept with the path: every finding names both).
        private static func names(_ relativePath: String) -> (localization: String?, tableName: String) {
            let components = relativePath.split(separator: "/", omittingEmptySubsequences: true)
            let localization = BundlePath(components.joined(separator: "/")).localization
            let name = components.last.map(String.init) ?? relativePath
            let tableName = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
            return (localization, tableName)
        }

        /// True when ``path`` names a String Catalog (`.xcstrings`) the table was compiled from: findings then speak of
        /// the catalog and its values rather than of a file's lines.
        public var isStringCatalog: Bool { path.lowercased().hasSuffix(".xcstrings") }

        /// The last component of ``path`` (`UI.xcstrings`).
        public var fileName: String { String(path.split(separator: "/").last ?? Substring(path)) }

        /// True for a `.stringsdict` file (by content, or by extension when unreadable).
        public var isStringsDict: Bool {
            switch content {
            case .strings: return false
            case .stringsDict: return true
            case .unreadable: return TableKind(anyCaseFileName: BundlePath(relativePath).fileName) == .stringsDict
            }
        }
    }

    /// A development value written in the module's Swift code beside its key, for a key its development table lacks
    /// (`NSLocalizedString`'s `value:`, `String(localized:)`'s and `LocalizedStringResource`'s `defaultValue:`).
    ///
    /// Translations of such a key are compared with it as with a development table's value, and each finding names
    /// the file and line it came from (docs/validation.md, "Development values in Swift code").
    public struct SourceValue: Sendable, Equatable {
        /// The table the call names; `Localizable` when it names none.
        public var table: String
        public var key: String
        /// The value's text between its interpolations (one segment for a plain literal). Each interpolation of a
        /// `String.LocalizationValue` is an argument whose type only the compiler knows, so any type matches it.
        public var segments: [String]
        /// The Swift file as shown in findings (relative to the repository root), and the call's line.
        public var file: String
        public var line: Int

        public init(table: String, key: String, segments: [String], file: String, line: Int) {
            self.table = table
            self.key = key
            self.segments = segments.isEmpty ? [""] : segments
            self.file = file
            self.line = line
        }

        /// The value as one text, each interpolation written `\(…)`.
        public var text: String { segments.joined(separator: "\\(…)") }
        /// Where it came from, as findings name it: `Sources/Shared/Strings.swift:12`.
        public var origin: String { "\(file):\(line)" }
    }

    /// The module's name, as shown in diagnostics.
    public var module: String
    /// The development region (`CFBundleDevelopmentRegion`), for example `en`: translations are compared
    /// with its `.lproj`, or with `Base.lproj` when it has none.
    public var developmentRegion: String
    public var files: [File]
    /// Every folder path inside the resource root, `/`-separated and relative to it (at least the
    /// top-level ones), for the layout checks; paths of files imply their folders.
    public var folders: [String]
    /// The display path of the resource root (the folder holding the `.lproj` folders), used for findings
    /// about folders: `rootPath + "/" + folder`. Empty means folder paths are shown relative to the root.
    public var rootPath: String
    /// Development values from the module's Swift sources, for the keys its development tables lack; the first of
    /// one table and key counts. Empty unless the caller read them (``needsSourceValues``).
    public var sourceValues: [SourceValue] = []
    /// What discovery found out about the module in its repository (its resource folders, how it was named, the
    /// tables it left out, its String Catalogs' languages), for the checks of the module's place in the repository;
    /// nil (the default) skips those checks.
    public var origin: Origin?

    /// The localization translations are compared with: the development region's `.lproj` (matched without regard
    /// to letter case, `-` and `_` alike), else `Base`, else the first `.lproj` of the same language (`en-GB` for
    /// `en`, which then stands in for formats only: no `missing-key` is measured against it), else nil.
    public var developmentLocalization: String? {
        TableIndex.developmentLocalization(for: developmentRegion, among: Set(files.compactMap(\.localization)))
    }

    public init(module: String, developmentRegion: String, files: [File], folders: [String] = [], rootPath: String = "") {
        self.module = module
        self.developmentRegion = developmentRegion
        self.files = files
        self.folders = folders
        self.rootPath = rootPath
    }
}
