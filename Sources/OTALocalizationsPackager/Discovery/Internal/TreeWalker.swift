import Foundation
import OTALocalizationsNames

/// One `.lproj` folder found by ``TreeWalker``, with its table files.
struct LprojFolder {
    /// The folder holding the `.lproj`, as components relative to the repository root.
    var resourceFolder: [String]
    var localization: String
    var tables: [TableFile]
}

/// One String Catalog found by ``TreeWalker``.
struct CatalogInFolder {
    /// The folder holding the catalog, as components relative to the repository root.
    var resourceFolder: [String]
    var catalog: CatalogFile
}

/// Walks a repository once, collecting `.lproj` folders and the files it will not publish.
struct TreeWalker {
    let root: URL
    private let rootPath: String
    let excludes: [GlobPattern]
    var lprojFolders: [LprojFolder] = []
    var catalogs: [CatalogInFolder] = []
    var skipped: [SkippedFile] = []
    /// The files whose strings iOS reads outside the app's own lookups, by the resource folder they belong to
    /// (the folder holding the `.lproj` they sit in, or the folder they sit in), for ``removeCompanionTables()``.
    var companionFiles: [String: [CompanionFile]] = [:]

    init(root: URL, excludes: [GlobPattern]) {
        self.root = root
        self.rootPath = root.path
        self.excludes = excludes
    }

    mutating func walk() {
        visit(components: [], nestedBundle: nil, excludedBy: nil)
        removeCompanionTables()
    }

    private func excludingPattern(_ components: [String]) -> String? {
        let path = components.joined(separator: "/")
        return excludes.first { $0.matches(path) }?.text
    }

    private mutating func visit(components: [String], nestedBundle: String?, excludedBy: String?) {
        let folder = FileSystem.path(rootPath, components)
        for entry in DirectoryListing.sortedEntries(ofPath: folder) {
            let name = entry.name
            let child = components + [name]
            let excluded = excludedBy ?? excludingPattern(child)
            switch FileSystem.kind(of: entry, inFolder: folder, within: root) {
            case .directory:
                if name.hasPrefix(".") || ModuleDiscovery.ignoredFolderNames.contains(name) { continue }
                if let localization = LocalizationFolder.localization(ofFolder: name) {
                    visitLproj(components: child, localization: localization, nestedBundle: nestedBundle, excludedBy: excluded)
                } else {
                    let bundle = nestedBundle ?? (name.lowercased().hasSuffix(".bundle") ? name : nil)
                    visit(components: child, nestedBundle: bundle, excludedBy: excluded)
                }
            case .file:
                let lower = name.lowercased()
                let path = child.joined(separator: "/")
                if nestedBundle == nil, let companion = CompanionFile(fileName: name) {
                    companionFiles[components.joined(separator: "/"), default: []].append(companion)
                }
                if lower.hasSuffix(".xcstrings") {
                    let reason = excluded.map(SkipReason.excluded)
                        ?? nestedBundle.map(SkipReason.nestedBundle)
                        ?? (lower == "infoplist.xcstrings" ? SkipReason.infoPlistCatalog : nil)
                        ?? (lower == "appshortcuts.xcstrings" ? SkipReason.appShortcuts : nil)
                    if let reason {
                        skipped.append(SkippedFile(path: path, reason: reason))
                    } else {
                        let file = CatalogFile(fileName: name, relativePath: path, url: fileURL(child))
                        catalogs.append(CatalogInFolder(resourceFolder: components, catalog: file))
                    }
                } else if TableKind(anyCaseFileName: name) != nil {
                    let reason = excluded.map(SkipReason.excluded)
                        ?? nestedBundle.map(SkipReason.nestedBundle)
                        ?? SkipReason.outsideLproj
                    skipped.append(SkippedFile(path: path, reason: reason))
                }
            case .other(let why):
                let lower = name.lowercased()
                let relevant = LocalizationFolder.localization(ofFolder: lower) != nil || TableKind(anyCaseFileName: name) != nil
                    || lower.hasSuffix(".xcstrings")
                if relevant {
                    skipped.append(SkippedFile(path: child.joined(separator: "/"), reason: excluded.map(SkipReason.excluded) ?? why))
                }
            }
        }
    }

    private mutating func visitLproj(components: [String], localization: String, nestedBundle: String?, excludedBy: String?) {
        var tables: [TableFile] = []
        for (file, kind) in FileSystem.allFiles(underPath: FileSystem.path(rootPath, components), within: root) {
            let relative = components + file
            let path = relative.joined(separator: "/")
            let name = file[file.count - 1]
            let lower = name.lowercased()
            if file.count == 1, nestedBundle == nil, let companion = CompanionFile(fileName: name) {
                companionFiles[components.dropLast().joined(separator: "/"), default: []].append(companion)
            }
            let reason: SkipReason? = {
                if let pattern = excludedBy ?? excludingPattern(relative) { return SkipReason.excluded(pattern) }
                if let nestedBundle { return SkipReason.nestedBundle(nestedBundle) }
                if ModuleDiscovery.isPrivateUse(localization: localization) { return SkipReason.privateUse(localization) }
                if case .other(let why) = kind { return why }
                if file.count > 1 { return SkipReason.insideFolderInLproj }
                if lower == "infoplist.strings" { return SkipReason.infoPlistStrings }
                if lower == "appshortcuts.strings" { return SkipReason.appShortcuts }
                if TableKind(anyCaseFileName: name) == nil { return SkipReason.notATable }
                if TableKind(fileName: name) == nil { return SkipReason.tableSuffixCase(name) }
                return nil
            }()
            if let reason {
                skipped.append(SkippedFile(path: path, reason: reason))
            } else {
                tables.append(TableFile(
                    localization: localization, fileName: name, relativePath: path, url: fileURL(relative)
                ))
            }
        }
        guard nestedBundle == nil, !localization.isEmpty else { return }
        lprojFolders.append(LprojFolder(resourceFolder: Array(components.dropLast()), localization: localization, tables: tables))
    }

    /// The URL of a file below the root (no file-system access).
    private func fileURL(_ components: [String]) -> URL {
        URL(fileURLWithPath: FileSystem.path(rootPath, components), isDirectory: false)
    }
}
