import Foundation
import OTALocalizationsNames

/// One table file found in a module's `.lproj` folder.
public struct TableFile: Sendable, Equatable {
    /// The `.lproj` folder's name without the extension: `en`, `fr-CA`, `Base`.
    public var localization: String
    /// The file's name: `Localizable.strings`, `Plurals.stringsdict`.
    public var fileName: String
    /// Path relative to the repository root, `/`-separated.
    public var relativePath: String
    /// Absolute location on disk.
    public var url: URL

    public init(localization: String, fileName: String, relativePath: String, url: URL) {
        self.localization = localization
        self.fileName = fileName
        self.relativePath = relativePath
        self.url = url
    }

    /// Where the table goes inside the module's bundle: `<localization>.lproj/<fileName>`.
    public var bundlePath: String { LocalizationFolder.name(for: localization) + "/" + fileName }

    /// The table name lookups use: the file name without `.strings` / `.stringsdict`.
    public var tableName: String { (fileName as NSString).deletingPathExtension }
}

/// One String Catalog (`.xcstrings`) of a module; it compiles to `<language>.lproj/<tableName>.strings|.stringsdict`.
public struct CatalogFile: Sendable, Equatable {
    /// The file's name: `Localizable.xcstrings`.
    public var fileName: String
    /// Path relative to the repository root, `/`-separated.
    public var relativePath: String
    /// Absolute location on disk.
    public var url: URL

    public init(fileName: String, relativePath: String, url: URL) {
        self.fileName = fileName
        self.relativePath = relativePath
        self.url = url
    }

    /// The table the catalog defines: its file name without `.xcstrings` (Xcode's rule).
    public var tableName: String { (fileName as NSString).deletingPathExtension }
}

/// A module the packager will publish: a name and the tables of its `.lproj` folders.
public struct DiscoveredModule: Sendable, Equatable {
    /// The module's name, as feature code passes it to `OTALocalizedString.bundle(for:)`.
    public var name: String
    /// How the name was chosen, for `ota-localizations modules`: `"SPM target"`, `"folder"`, `"repository folder"`
    /// or `"configuration"` (see ``ModuleNamingRule``).
    public var rule: String
    /// One sentence saying why: the `Package.swift` of the target, the folder that named it, or the configuration.
    public var ruleDetail: String
    /// Resource folders holding the module's `.lproj` folders, relative to the repository root, sorted.
    public var folders: [String]
    /// Every `.lproj` table, sorted by ``TableFile/bundlePath``.
    public var tables: [TableFile]
    /// Every String Catalog, sorted by path; their languages are known only once they are read.
    public var catalogs: [CatalogFile]
    /// The folders whose Swift files are the module's sources, relative to the repository root (`""` for the root),
    /// sorted: the folder that named the module (`Sources/<Target>` of an SPM target, the nearest non-generic folder
    /// of an Xcode target, the root for rule 3 of ``ModuleNamingRule``), or for a module named in the configuration
    /// the configured folders that hold its tables. Validation reads development values there (docs/validation.md).
    public var sourceFolders: [String]

    public init(
        name: String, rule: String, folders: [String], tables: [TableFile], catalogs: [CatalogFile] = [],
        ruleDetail: String = "", sourceFolders: [String] = []
    ) {
        self.name = name
        self.rule = rule
        self.ruleDetail = ruleDetail
        self.folders = folders
        self.tables = tables
        self.catalogs = catalogs
        self.sourceFolders = sourceFolders
    }

    /// The `.lproj` names (without extension) of the module's `.lproj` tables, sorted (`Base` included when shipped).
    public var localizations: [String] { Array(Set(tables.map(\.localization))).sorted() }

    /// The distinct table and catalog file names, sorted.
    public var tableFileNames: [String] { Array(Set(tables.map(\.fileName) + catalogs.map(\.fileName))).sorted() }
}

/// A file the packager saw and deliberately does not publish, with the reason.
public struct SkippedFile: Sendable, Equatable {
    /// Path relative to the repository root.
    public var path: String
    /// The rule that left it out (``SkipReason/Code``): compare or group by this, show ``reason``.
    public var code: SkipReason.Code
    /// Why it is not published, in one sentence.
    public var reason: String

    public init(path: String, reason: SkipReason) {
        self.path = path
        self.code = reason.code
        self.reason = reason.sentence
    }
}

/// What discovery found in a repository: modules sorted by name, skipped files sorted by path.
public struct DiscoveryResult: Sendable, Equatable {
    public var repositoryRoot: URL
    public var configuration: PackagerConfiguration
    public var modules: [DiscoveredModule]
    public var skipped: [SkippedFile]

    public init(repositoryRoot: URL, configuration: PackagerConfiguration, modules: [DiscoveredModule], skipped: [SkippedFile]) {
        self.repositoryRoot = repositoryRoot
        self.configuration = configuration
        self.modules = modules
        self.skipped = skipped
    }
}
