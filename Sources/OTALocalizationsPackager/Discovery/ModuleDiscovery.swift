import Foundation

/// Finds the modules of a repository: every `.lproj` folder, grouped into modules by the configuration or by
/// ``ModuleNamingRule``, with every file that will not be published listed once with its reason.
///
/// Rules (`docs/configuration.md`):
/// - Published: `*.lproj/*.strings` and `*.lproj/*.stringsdict` (`Base.lproj` included).
/// - Never published: `InfoPlist.strings` (any letter case, as on the case-insensitive file systems of Macs),
///   and `InfoPlist.xcstrings`, `AppShortcuts.strings`/`.xcstrings`, tables named after a storyboard, XIB or intent
///   definition of their folder (the nib loader, Siri and Shortcuts read them outside the app's own lookups), `.lproj`
///   tables of the same name as a String Catalog of the module (Xcode builds only one of the two), any other file in
///   an `.lproj`, anything in a folder inside an `.lproj`, anything inside a nested `*.bundle` (such as
///   `Settings.bundle`), and tables outside any `.lproj`. Tables recognised by their keys (Interface Builder object
///   IDs, intent definition IDs, no key at all) are left out once read (``TableLoader/loadAll(_:)``).
/// - String Catalogs (`*.xcstrings`) belong to the module of the folder that holds them, like `.lproj` folders,
///   and are compiled to `.lproj` tables when packaged.
/// - Not searched at all: hidden folders (name starting with `.`) and dependency or build folders
///   (``ignoredFolderNames``).
///
/// Thread safety: a pure function of the file tree; safe to call from any thread.
public enum ModuleDiscovery {
    /// Folders never searched: dependency checkouts and build products, not the app's own strings.
    public static let ignoredFolderNames: Set<String> = ["Pods", "Carthage", "DerivedData", "node_modules"]

    /// Whether a localization (an `.lproj` name without extension, or a String Catalog language) has a private-use
    /// primary language subtag, `qaa` through `qtz` in any letter case: ISO 639-2 reserves that range "for local use"
    /// and BCP 47 (RFC 5646, section 2.2.1) for private use, so no device language is ever one of them and Apple's
    /// `Bundle` never chooses such an `.lproj`. translatewiki.net, which many open-source apps translate on, exports
    /// its message documentation for translators as `qqq`.
    public static func isPrivateUse(localization: String) -> Bool {
        let language = localization.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        guard language.count == 3, language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return language >= "qaa" && language <= "qtz"
    }

    /// Walks `repositoryRoot` and groups its tables into modules.
    ///
    /// - Throws: ``PackagerError`` `missingFolder` (root or a configured folder absent) or `nameCollision`
    ///   (two modules with one name, or one table defined twice in a module; both paths are named).
    public static func discover(repositoryRoot: URL, configuration: PackagerConfiguration) throws -> DiscoveryResult {
        let originalConfiguration = configuration
        let root = repositoryRoot.standardizedFileURL
        guard FileSystem.isDirectory(root) else {
            let exists = FileManager.default.fileExists(atPath: root.path)
            throw PackagerError(
                code: .missingFolder,
                reason: exists
                    ? "\(repositoryRoot.path): the repository root is a file, not a folder; give the folder that holds the app's sources"
                    : "\(repositoryRoot.path): the repository root does not exist; check the path"
            )
        }
        var configuration = configuration
        var claimedBy: [String: String] = [:]
        for (name, folders) in configuration.modules.sorted(by: { $0.key < $1.key }) {
            var normalized: [String] = []
            for folder in folders {
                guard let relative = FileSystem.relativePath(of: root.appendingPathComponent(folder), inside: root) else {
                    throw PackagerError(
                        code: .configuration,
                        reason: "module '\(name)': configured folder '\(folder)' is outside the repository root \(root.path); "
                            + "folders are relative to the root and must stay inside it"
                    )
                }
                guard FileSystem.isDirectory(root.appendingPathComponent(folder)) else {
                    throw PackagerError(
                        code: .missingFolder,
                        reason: "module '\(name)': configured folder '\(folder)' does not exist under \(root.path)"
                    )
                }
                if let other = claimedBy[relative] {
                    throw PackagerError(
                        code: .configuration,
                        reason: "modules '\(other)' and '\(name)' both list the folder '\(folder)'; give each folder to one module"
                    )
                }
                claimedBy[relative] = name
                normalized.append(relative)
            }
            configuration.modules[name] = normalized
        }
        var walker = TreeWalker(root: root, excludes: configuration.excludes.map(GlobPattern.init))
        walker.walk()
        var grouping = ModuleGrouping(
            configuration: configuration,
            repositoryName: root.lastPathComponent,
            rootPath: root.path
        )
        for lproj in walker.lprojFolders {
            grouping.add(lproj, skipped: &walker.skipped)
        }
        for catalog in walker.catalogs {
            grouping.add(catalog, skipped: &walker.skipped)
        }
        let (modules, superseded) = try grouping.modules()
        return DiscoveryResult(
            repositoryRoot: root,
            configuration: originalConfiguration,
            modules: modules,
            skipped: (walker.skipped + superseded).sorted { $0.path < $1.path }
        )
    }
}
