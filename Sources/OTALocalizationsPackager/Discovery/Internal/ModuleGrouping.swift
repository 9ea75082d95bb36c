import Foundation

/// Groups `.lproj` folders into modules by the configuration first, then by ``ModuleNamingRule``.
struct ModuleGrouping {
    private struct Group {
        var name: String
        var rule: String
        var owner: String
        var folders: Set<String> = []
        var tables: [TableFile] = []
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
        let folderPath = lproj.resourceFolder.joined(separator: "/")
        let key: String
        if let configured = configuredModule(containing: folderPath) {
            key = "config:" + configured
            groups[key, default: Group(name: configured, rule: "configuration", owner: "configuration")].folders.insert(folderPath)
        } else if configuration.discoverOtherModules {
            let owner = ModuleNamingRule.owner(ofResourceFolder: lproj.resourceFolder, repositoryName: repositoryName)
            key = "folder:" + owner.owner.joined(separator: "/")
            groups[key, default: Group(name: owner.name, rule: owner.rule, owner: owner.owner.joined(separator: "/"))]
                .folders.insert(folderPath)
        } else {
            skipped += lproj.tables.map { SkippedFile(path: $0.relativePath, reason: SkipReason.notConfigured) }
            return
        }
        groups[key]?.tables += lproj.tables
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
        for group in groups.values.sorted(by: { $0.owner < $1.owner }) where !group.tables.isEmpty {
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
            return DiscoveredModule(name: group.name, rule: group.rule, folders: group.folders.sorted(), tables: tables)
        }
        .sorted { $0.name < $1.name }
    }
}
