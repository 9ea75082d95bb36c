import Foundation

/// Groups `.lproj` folders into modules by the configuration first, then by ``ModuleNamingRule``.
struct ModuleGrouping {
    private struct Group {
        var name: String
        var rule: String
        var owner: String
        var folders: Set<String> = []
        var tables: [TableFile] = []
        var catalogs: [CatalogFile] = []
    }

    let configuration: PackagerConfiguration
    let repositoryName: String
    /// Keyed by owner: `config:<name>` for configured modules, the owner folder path otherwise.
    private var groups: [String: Group] = [:]

    init(configuration: PackagerConfiguration, repositoryName: String) {
        self.configuration = configuration
        self.repositoryName = repositoryName
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
        if let configured = configuredModule(containing: folderPath) {
            key = "config:" + configured
            groups[key, default: Group(name: configured, rule: "configuration", owner: "configuration")].folders.insert(folderPath)
        } else if configuration.discoverOtherModules {
            let owner = ModuleNamingRule.owner(ofResourceFolder: resourceFolder, repositoryName: repositoryName)
            key = "folder:" + owner.owner.joined(separator: "/")
            groups[key, default: Group(name: owner.name, rule: owner.rule, owner: owner.owner.joined(separator: "/"))]
                .folders.insert(folderPath)
        } else {
            return nil
        }
        return key
    }

    /// The configured module whose folder is, or contains, `folderPath`; the longest configured folder wins.
    private func configuredModule(containing folderPath: String) -> String? {
        var best: (name: String, length: Int)?
        for (name, folders) in configuration.modules {
            for folder in folders {
                let normalized = GlobPattern(folder).normalizedPath
                let contains = normalized.isEmpty || folderPath == normalized || folderPath.hasPrefix(normalized + "/")
                if contains, normalized.count >= (best?.length ?? -1) {
                    if normalized.count == best?.length, let current = best?.name, current < name { continue }
                    best = (name, normalized.count)
                }
            }
        }
        return best?.name
    }

    /// Modules with at least one table, sorted by name.
    ///
    /// - Throws: ``PackagerError`` `nameCollision` naming both folders or both files.
    func modules() throws -> [DiscoveredModule] {
        var byName: [String: Group] = [:]
        var byFoldedName: [String: Group] = [:]
        for group in groups.values.sorted(by: { $0.owner < $1.owner }) where !(group.tables.isEmpty && group.catalogs.isEmpty) {
            guard ManifestNaming.isPublishableModuleName(group.name) else {
                let shown = group.name.unicodeScalars.map { $0.value < 0x20 ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
                throw PackagerError(
                    code: .nameCollision,
                    reason: "the folder '\(group.folders.sorted().first ?? group.owner)' gives the module name '\(shown)', which "
                        + "cannot name a file (no '/', '\\', control characters, '.' or '..'; at most 200 bytes); "
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
                throw PackagerError(
                    code: .nameCollision,
                    reason: "two modules are named '\(group.name)': '\(first)' and '\(second)'; "
                        + "name them in \(PackagerConfiguration.fileName) (\"modules\") or exclude one (\"excludes\")"
                )
            }
            byName[group.name] = group
        }
        return try byName.values.map { group in
            let tables = group.tables.sorted { $0.bundlePath < $1.bundlePath }
            for (previous, next) in zip(tables, tables.dropFirst()) where previous.bundlePath == next.bundlePath {
                throw PackagerError(
                    code: .nameCollision,
                    reason: "module '\(group.name)' defines \(next.bundlePath) twice: '\(previous.relativePath)' and "
                        + "'\(next.relativePath)'; keep one, or split the folders into modules in \(PackagerConfiguration.fileName)"
                )
            }
            let catalogs = group.catalogs.sorted { $0.relativePath < $1.relativePath }
            try Self.checkCatalogs(catalogs, against: tables, module: group.name)
            return DiscoveredModule(
                name: group.name, rule: group.rule, folders: group.folders.sorted(), tables: tables, catalogs: catalogs
            )
        }
        .sorted { $0.name < $1.name }
    }

    /// A table defined by a catalog must not also be defined by another catalog or by an `.lproj` table.
    private static func checkCatalogs(_ catalogs: [CatalogFile], against tables: [TableFile], module: String) throws {
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
            if let table = tables.first(where: { $0.tableName == catalog.tableName }) {
                throw PackagerError(
                    code: .nameCollision,
                    reason: "module '\(module)' defines table '\(catalog.tableName)' both in '\(catalog.relativePath)' and in "
                        + "'\(table.relativePath)'; delete the stale .lproj copies or exclude them (\"excludes\" in "
                        + "\(PackagerConfiguration.fileName))"
                )
            }
        }
    }
}
