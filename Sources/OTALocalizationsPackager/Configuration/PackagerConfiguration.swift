import Foundation

/// The optional `ota-localizations.json` at a repository's root (or given with `--config`).
///
/// Schema (all fields optional; documented in `docs/configuration.md`):
/// ```json
/// {
///   "developmentRegion": "en",
///   "modules": { "Checkout": ["Packages/Features/Sources/Checkout/Resources"] },
///   "discoverOtherModules": true,
///   "excludes": ["Localization/StringsConvertor/**"],
///   "pluralCountsOfMillions": false,
///   "repositoryModule": "MyApp"
/// }
/// ```
/// - `developmentRegion`: written as `CFBundleDevelopmentRegion` into every module's `Info.plist` and into the
///   manifest. Default `en`.
/// - `modules`: module name to one or more resource folders (relative to the repository root) whose `.lproj`
///   folders make up that module. These folders are taken out of default discovery.
/// - `discoverOtherModules`: whether the default rule still finds modules outside the configured folders.
///   Default `true`.
/// - `excludes`: glob patterns, relative to the repository root, of files and folders to leave out
///   (`*` and `?` match within one path component, `**` matches any number of components).
/// - `pluralCountsOfMillions`: whether the app formats counts of a million and more through `.stringsdict`
///   plurals; then a missing CLDR category that only such numbers select (fr, es, it, pt, ca `many`) is a
///   warning instead of a note. Default `false`.
/// - `repositoryModule`: the module name for the resource folders that the default rule would name after the
///   repository folder (every folder above their `.lproj` folders has a generic name), whose name depends on where
///   the repository is checked out. Default none: such a module is an error until it is named.
///
/// Unknown fields are an error, so a misspelled option is never silently ignored.
public struct PackagerConfiguration: Sendable, Equatable {
    /// The configuration file's name at a repository's root.
    public static let fileName = "ota-localizations.json"

    public var developmentRegion: String
    /// Module name to resource folders, relative to the repository root.
    public var modules: [String: [String]]
    public var discoverOtherModules: Bool
    public var excludes: [String]
    /// Whether the app formats counts of a million and more in plurals (see the type's documentation).
    public var pluralCountsOfMillions: Bool
    /// The name of the module the default rule would name after the repository folder (see the type's documentation).
    public var repositoryModule: String?

    public init(
        developmentRegion: String = "en",
        modules: [String: [String]] = [:],
        discoverOtherModules: Bool = true,
        excludes: [String] = [],
        pluralCountsOfMillions: Bool = false,
        repositoryModule: String? = nil
    ) {
        self.developmentRegion = developmentRegion
        self.modules = modules
        self.discoverOtherModules = discoverOtherModules
        self.excludes = excludes
        self.pluralCountsOfMillions = pluralCountsOfMillions
        self.repositoryModule = repositoryModule
    }
}

extension PackagerConfiguration {
    /// Decodes a configuration file, parsed once; each field is read by its own function (`ConfigurationFile`).
    ///
    /// - Throws: ``PackagerError`` `configuration` naming the file and the field at fault.
    public init(bytes: Data, path: String) throws {
        let file = try ConfigurationFile(bytes: bytes, path: path)
        self.init()
        if let value = file["developmentRegion"] { developmentRegion = try file.developmentRegion(value) }
        if let value = file["modules"] { modules = try file.modules(value) }
        if let value = file["discoverOtherModules"] { discoverOtherModules = try file.flag("discoverOtherModules", value) }
        if let value = file["pluralCountsOfMillions"] { pluralCountsOfMillions = try file.flag("pluralCountsOfMillions", value) }
        if let value = file["repositoryModule"] { repositoryModule = try file.repositoryModule(value) }
        if let value = file["excludes"] { excludes = try file.excludes(value) }
    }

    /// Loads `--config <file>` when given, else `<root>/ota-localizations.json` when it exists, else defaults.
    ///
    /// - Throws: ``PackagerError`` `configuration` when a given file is missing or invalid.
    public static func load(repositoryRoot: URL, explicitFile: URL?) throws -> PackagerConfiguration {
        let file = explicitFile ?? repositoryRoot.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: file.path) else {
            if let explicitFile {
                throw PackagerError(code: .configuration, reason: "\(explicitFile.path): configuration file not found")
            }
            return PackagerConfiguration()
        }
        let bytes: Data
        do {
            bytes = try Data(contentsOf: file)
        } catch {
            throw PackagerError(code: .configuration, reason: "\(file.path): cannot be read")
        }
        return try PackagerConfiguration(bytes: bytes, path: file.path)
    }
}
