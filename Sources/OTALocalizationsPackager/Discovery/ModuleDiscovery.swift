import Foundation

/// Finds the modules of a repository: every `.lproj` folder, grouped into modules by the configuration or by
/// ``ModuleNamingRule``, with every file that will not be published listed once with its reason.
///
/// Rules (issue "Packager"; `docs/configuration.md`):
/// - Published: `*.lproj/*.strings` and `*.lproj/*.stringsdict` (`Base.lproj` included).
/// - Never published: `InfoPlist.strings` (any letter case, as on the case-insensitive file systems of Macs),
///   and `InfoPlist.xcstrings`, any other file in an `.lproj`, anything in a folder inside an `.lproj`, anything
///   inside a nested `*.bundle` (such as `Settings.bundle`), and tables outside any `.lproj`.
/// - String Catalogs (`*.xcstrings`) belong to the module of the folder that holds them, like `.lproj` folders,
///   and are compiled to `.lproj` tables when packaged.
/// - Not searched at all: hidden folders (name starting with `.`) and dependency or build folders
///   (``ignoredFolderNames``).
///
/// Thread safety: a pure function of the file tree; safe to call from any thread.
public enum ModuleDiscovery {
    /// Folders never searched: dependency checkouts and build products, not the app's own strings.
    public static let ignoredFolderNames: Set<String> = ["Pods", "Carthage", "DerivedData", "node_modules"]

    /// Walks `repositoryRoot` and groups its tables into modules.
    ///
    /// - Throws: ``PackagerError`` `missingFolder` (root or a configured folder absent) or `nameCollision`
    ///   (two modules with one name, or one table defined twice in a module; both paths are named).
    public static func discover(repositoryRoot: URL, configuration: PackagerConfiguration) throws -> DiscoveryResult {
        let root = repositoryRoot.standardizedFileURL
        guard FileSystem.isDirectory(root) else {
            throw PackagerError(code: .missingFolder, reason: "\(repositoryRoot.path): repository root is not a folder")
        }
        for (name, folders) in configuration.modules.sorted(by: { $0.key < $1.key }) {
            for folder in folders where !FileSystem.isDirectory(root.appendingPathComponent(folder)) {
                throw PackagerError(
                    code: .missingFolder,
                    reason: "module '\(name)': configured folder '\(folder)' does not exist under \(root.path)"
                )
            }
        }
        var walker = TreeWalker(root: root, excludes: configuration.excludes.map(GlobPattern.init))
        walker.walk()
        var grouping = ModuleGrouping(
            configuration: configuration,
            repositoryName: root.lastPathComponent
        )
        for lproj in walker.lprojFolders {
            grouping.add(lproj, skipped: &walker.skipped)
        }
        for catalog in walker.catalogs {
            grouping.add(catalog, skipped: &walker.skipped)
        }
        let modules = try grouping.modules()
        return DiscoveryResult(
            repositoryRoot: root,
            configuration: configuration,
            modules: modules,
            skipped: walker.skipped.sorted { $0.path < $1.path }
        )
    }
}
