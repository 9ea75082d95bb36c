import Foundation

/// Groups `.lproj` folders into modules by the configuration first, then by ``ModuleNamingRule``.
struct ModuleGrouping {
    private struct Group {
        var name: String
        var rule: String
        var ruleDetail: String
        var owner: String
        var folders: Set<String> = []
        /// Where the module's Swift sources are (``DiscoveredModule/sourceFolders``).
        var sourceFolders: Set<String> = []
        var tables: [TableFile] = []
        var catalogs: [CatalogFile] = []
    }

    let configuration: PackagerConfiguration
    let repositoryName: String
    /// The repository root's path, for finding `Package.swift` files.
    let rootPath: String
    /// Whether each folder (components joined by `/`) holds a `Package.swift`, as asked so far.
    private var packageRoots: [String: Bool] = [:]
    /// The targets of each `Package.swift` read so far, by its folder (components joined by `/`).
    private var packageTargets: [String: [ModuleNamingRule.PackageTarget]] = [:]
    /// Each Xcode project read so far, by its `.xcodeproj` path relative to the root (nil: unreadable).
    private var xcodeProjectTargets: [String: XcodeProjectTargets?] = [:]
    /// Keyed by owner: `config:<name>` for configured modules, the owner folder path otherwise.
    private var groups: [String: Group] = [:]

    init(configuration: PackagerConfiguration, repositoryName: String, rootPath: String) {
        self.configuration = configuration
        self.repositoryName = repositoryName
        self.rootPath = rootPath
    }

    mutating func add(_ lproj: LprojFolder, skipped: inout [SkippedFile]) {
        guard let key = groupKey(for: lproj.resourceFolder) else {
            skipped += lproj.tables.map { SkippedFile(path: $0.relativePath, reason: SkipReason.notConfigured) }
            return
        }
        groups[key]?.tables += lproj.tables
    }

    mutating func add(_ catalog: CatalogInFolder, skipped: inout [SkippedFile]) {
        guard let key = groupKey(for: catalog.resourceFolder) else {
            skipped.append(SkippedFile(path: catalog.catalog.relativePath, reason: SkipReason.notConfigured))
            return
        }
        groups[key]?.catalogs.append(catalog.catalog)
    }

    /// The group a resource folder belongs to, created on first use; nil when no module takes it.
    private mutating func groupKey(for resourceFolder: [String]) -> String? {
        let folderPath = resourceFolder.joined(separator: "/")
        let key: String
        if let (configured, configuredFolder) = configuredModule(containing: folderPath) {
            key = "config:" + configured
            groups[key, default: Group(
                name: configured, rule: "configuration",
                ruleDetail: "named in \(PackagerConfiguration.fileName) (\"modules\")", owner: "configuration"
            )].folders.insert(folderPath)
            groups[key]?.sourceFolders.insert(configuredFolder)
        } else if configuration.discoverOtherModules {
            var known = packageRoots
            var targets = packageTargets
            var projects = xcodeProjectTargets
            let root = rootPath
            let owner = ModuleNamingRule.owner(
                ofResourceFolder: resourceFolder, repositoryName: repositoryName,
                repositoryModule: configuration.repositoryModule
            ) { components in
                let key = components.joined(separator: "/")
                if let found = known[key] { return found }
                let found = FileSystem.kind(ofPath: FileSystem.path(rootPath, components + ["Package.swift"])) == .file
                known[key] = found
                return found
            } xcodeProjects: { components in
                DirectoryListing.sortedEntries(ofPath: FileSystem.path(rootPath, components)).compactMap { entry in
                    guard entry.name.hasSuffix(".xcodeproj"), entry.name.count > ".xcodeproj".count else { return nil }
                    return String(entry.name.dropLast(".xcodeproj".count))
                }
            } packageTargets: { components in
                let key = components.joined(separator: "/")
                if let found = targets[key] { return found }
                let found = PackageTargetFolders.read(packageRoot: FileSystem.path(root, components))
                targets[key] = found
                return found
            } xcodeTarget: { components in
                // The nearest enclosing folder with a project whose target holds the folder.
                for depth in stride(from: components.count, through: 0, by: -1) {
                    let folder = Array(components[..<depth])
                    let names = DirectoryListing.sortedEntries(ofPath: FileSystem.path(root, folder)).map(\.name)
                        .filter { $0.hasSuffix(".xcodeproj") && $0.count > ".xcodeproj".count }
                    for name in names {
                        let path = (folder + [name]).joined(separator: "/")
                        if projects[path] == nil {
                            projects[path] = XcodeProjectTargets.read(projectPath: FileSystem.path(root, folder + [name]))
                        }
                        if let project = projects[path] ?? nil,
                           let target = project.target(holding: Array(components[depth...])) {
                            return ModuleNamingRule.XcodeTarget(name: target, project: path)
                        }
                    }
                }
                return nil
            }
            packageRoots = known
            packageTargets = targets
            xcodeProjectTargets = projects
            key = owner.groupKey ?? "folder:" + owner.owner.joined(separator: "/")
            groups[key, default: Group(
                name: owner.name, rule: owner.rule, ruleDetail: owner.detail, owner: owner.owner.joined(separator: "/")
            )].folders.insert(folderPath)
            groups[key]?.sourceFolders.insert(owner.owner.joined(separator: "/"))
        } else {
            return nil
        }
        return key
    }

    /// The configured module whose folder is, or contains, `folderPath`, with that folder (normalized); the longest
    /// configured folder wins.
    private func configuredModule(containing folderPath: String) -> (name: String, folder: String)? {
        var best: (name: String, length: Int, folder: String)?
        for (name, folders) in configuration.modules {
            for folder in folders {
                let normalized = GlobPattern(folder).normalizedPath
                let contains = normalized.isEmpty || folderPath == normalized || folderPath.hasPrefix(normalized + "/")
                if contains, normalized.count >= (best?.length ?? -1) {
                    if normalized.count == best?.length, let current = best?.name, current < name { continue }
                    best = (name, normalized.count, normalized)
                }
            }
        }
        return best.map { ($0.name, $0.folder) }
    }

    /// Modules with at least one table, sorted by name, and the `.lproj` tables a String Catalog of their module
    /// supersedes (left out, with the reason).
    ///
    /// - Throws: ``PackagerError`` `nameCollision` naming both folders or both files.
    func modules() throws -> (modules: [DiscoveredModule], skipped: [SkippedFile]) {
        var skipped: [SkippedFile] = []
        var byName: [String: Group] = [:]
        var byFoldedName: [String: Group] = [:]
        for group in groups.values.sorted(by: { $0.owner < $1.owner }) where !(group.tables.isEmpty && group.catalogs.isEmpty) {
            guard ModuleArchive.isPublishableModuleName(group.name) else {
                let shown = group.name.unicodeScalars.map { $0.value < 0x20 ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
                throw PackagerError(
                    code: .nameCollision,
                    reason: "the folder '\(group.folders.sorted().first ?? group.owner)' gives the module name '\(shown)', which "
                        + "cannot name a file (no '/', '\\', control characters, '.' or '..'; at most \(ModuleArchive.maximumModuleNameBytes) bytes); "
                        + "name the module in \(PackagerConfiguration.fileName) (\"modules\")"
                )
            }
            // Apple file systems compare names without case and normalization: Checkout and checkout are one file.
            let folded = group.name.precomposedStringWithCanonicalMapping.lowercased()
            if let other = byFoldedName[folded], other.name != group.name {
                throw PackagerError(
                    code: .nameCollision,
                    reason: "modules '\(other.name)' ('\(other.folders.sorted().first ?? other.owner)') and '\(group.name)' "
                        + "('\(group.folders.sorted().first ?? group.owner)') differ only in letter case or Unicode form, "
                        + "which Apple file systems treat as one name; rename one in \(PackagerConfiguration.fileName)"
                )
            }
            byFoldedName[folded] = group
            if let other = byName[group.name] {
                let first = other.folders.sorted().first ?? other.owner
                let second = group.folders.sorted().first ?? group.owner
                // Two top-level folders that each hold a module of one name are usually two apps of a monorepo.
                let firstTop = first.split(separator: "/").first.map(String.init) ?? first
                let secondTop = second.split(separator: "/").first.map(String.init) ?? second
                let apps = firstTop != secondTop && first.contains("/") && second.contains("/")
                    ? "; or, when '\(firstTop)' and '\(secondTop)' are separate apps, package each one's folder on its own"
                    : ""
                throw PackagerError(
                    code: .nameCollision,
                    reason: "two modules are named '\(group.name)': '\(first)' and '\(second)'; "
                        + "name them in \(PackagerConfiguration.fileName) (\"modules\") or exclude one (\"excludes\")" + apps
                )
            }
            byName[group.name] = group
        }
        let modules = try byName.values.map { group in
            let catalogs = group.catalogs.sorted { $0.relativePath < $1.relativePath }
            try Self.checkCatalogs(catalogs, module: group.name)
            // Xcode refuses a catalog and .lproj tables of one name in a target, so a shipping app builds only one:
            // the catalog, the newer format, is taken and the .lproj copies are listed as skipped.
            let catalogTables = Dictionary(catalogs.map { ($0.tableName, $0.relativePath) }, uniquingKeysWith: { a, _ in a })
            var kept: [TableFile] = []
            for table in group.tables {
                if let catalog = catalogTables[table.tableName] {
                    skipped.append(SkippedFile(path: table.relativePath, reason: SkipReason.supersededByCatalog(catalog)))
                } else {
                    kept.append(table)
                }
            }
            let tables = kept.sorted { $0.bundlePath < $1.bundlePath }
            for (previous, next) in zip(tables, tables.dropFirst()) where previous.bundlePath == next.bundlePath {
                throw PackagerError(
                    code: .nameCollision,
                    reason: "module '\(group.name)' defines \(next.bundlePath) twice: '\(previous.relativePath)' and "
                        + "'\(next.relativePath)'; keep one, or split the folders into modules in \(PackagerConfiguration.fileName)"
                )
            }
            return DiscoveredModule(
                name: group.name, rule: group.rule, folders: group.folders.sorted(), tables: tables, catalogs: catalogs,
                ruleDetail: group.ruleDetail, sourceFolders: group.sourceFolders.sorted()
            )
        }
        .sorted { $0.name < $1.name }
        return (modules, skipped)
    }

    /// A table must not be defined by two catalogs (Xcode: "Cannot have multiple … files in same target").
    private static func checkCatalogs(_ catalogs: [CatalogFile], module: String) throws {
        var seen: [String: String] = [:]
        for catalog in catalogs {
            if let other = seen[catalog.tableName] {
                throw PackagerError(
                    code: .nameCollision,
                    reason: "module '\(module)' defines table '\(catalog.tableName)' twice: '\(other)' and "
                        + "'\(catalog.relativePath)'; keep one catalog per table"
                )
            }
            seen[catalog.tableName] = catalog.relativePath
        }
    }
}
