import Foundation
import OTALocalizationsCore

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
    /// Decodes a configuration file.
    ///
    /// - Throws: ``PackagerError`` `configuration` naming the file and the field at fault.
    public init(bytes: Data, path: String) throws {
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: bytes)
        } catch {
            throw PackagerError(
                code: .configuration,
                reason: "\(path):\(error.line):\(error.column): not valid JSON (\(error.reason)); fix it there (docs/configuration.md)")
        }
        /// `path:line:column` of the member `field` (the file's start when nil).
        func at(_ field: String?) -> String {
            let place = document.position(of: field.map { [.key($0)] } ?? [])
            return "\(path):\(place.line):\(place.column)"
        }
        guard let object = try? JSONSerialization.jsonObject(with: bytes), let root = object as? [String: Any] else {
            throw PackagerError(code: .configuration, reason: "\(at(nil)): the top level must be a JSON object (docs/configuration.md)")
        }
        let known: Set<String> = [
            "developmentRegion", "modules", "discoverOtherModules", "excludes", "pluralCountsOfMillions", "repositoryModule",
        ]
        if let unknown = root.keys.sorted().first(where: { !known.contains($0) }) {
            throw PackagerError(
                code: .configuration,
                reason: "\(path):\(document.position(ofKey: unknown).line):\(document.position(ofKey: unknown).column): unknown field '\(unknown)'; expected one of \(known.sorted().joined(separator: ", "))"
            )
        }
        var config = PackagerConfiguration()
        if let value = root["developmentRegion"] {
            guard let region = value as? String, ManifestNaming.isLanguage(region) else {
                throw PackagerError(
                    code: .configuration,
                    reason: "\(at("developmentRegion")): 'developmentRegion' must be a language identifier such as \"en\" or \"pt-BR\" "
                        + "(letters, digits, '-' and '_'): the name of the module's source-language .lproj folder"
                )
            }
            config.developmentRegion = region
        }
        if let value = root["modules"] {
            guard let modules = value as? [String: Any] else {
                throw PackagerError(code: .configuration, reason: "\(at("modules")): 'modules' must map module names to arrays of folders")
            }
            for (name, folders) in modules {
                guard ManifestNaming.isPlainName(name) else {
                    throw PackagerError(
                        code: .configuration,
                        reason: "\(at("modules")): module name '\(name)' is not a plain file name (no '/', '\\', NUL, '.' or '..')"
                    )
                }
                let list = (folders as? [Any])?.compactMap { $0 as? String } ?? (folders as? String).map { [$0] }
                guard let list, list.count == ((folders as? [Any])?.count ?? 1) else {
                    throw PackagerError(code: .configuration, reason: "\(at("modules")): module '\(name)' must list its folders as an array of strings")
                }
                guard !list.isEmpty else {
                    throw PackagerError(code: .configuration, reason: "\(at("modules")): module '\(name)' lists no folder; give at least one")
                }
                config.modules[name] = list
            }
        }
        if let value = root["discoverOtherModules"] {
            guard let flag = value as? Bool else {
                throw PackagerError(code: .configuration, reason: "\(at("discoverOtherModules")): 'discoverOtherModules' must be true or false")
            }
            config.discoverOtherModules = flag
        }
        if let value = root["pluralCountsOfMillions"] {
            guard let flag = value as? Bool else {
                throw PackagerError(code: .configuration, reason: "\(at("pluralCountsOfMillions")): 'pluralCountsOfMillions' must be true or false")
            }
            config.pluralCountsOfMillions = flag
        }
        if let value = root["repositoryModule"] {
            guard let name = value as? String, ManifestNaming.isPlainName(name) else {
                throw PackagerError(
                    code: .configuration,
                    reason: "\(at("repositoryModule")): 'repositoryModule' must be a module name, a plain file name (no '/', '\\', NUL, '.' or '..'): the name the app passes to OTALocalizedString.bundle(for:)"
                )
            }
            config.repositoryModule = name
        }
        if let value = root["excludes"] {
            guard let patterns = value as? [Any], patterns.allSatisfy({ $0 is String }) else {
                throw PackagerError(code: .configuration, reason: "\(at("excludes")): 'excludes' must be an array of glob strings")
            }
            config.excludes = patterns.compactMap { $0 as? String }
        }
        self = config
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
