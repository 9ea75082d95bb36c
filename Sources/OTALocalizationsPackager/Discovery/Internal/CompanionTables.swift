/// A file in a resource folder whose tables iOS reads outside the app's own `Bundle` lookups: an Interface Builder
/// file (`.storyboard`, `.xib`) or an intent definition (`.intentdefinition`).
///
/// Xcode pairs `<language>.lproj/<Name>.strings` with the Interface Builder file `<Name>` of the same folder's
/// `.lproj` folders (or of the folder itself): swift-build passes it to `ibtool` as `--companion-strings-file`
/// (docs/configuration.md). The same holds for a String Catalog `<Name>.xcstrings` beside them.
struct CompanionFile: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case interfaceBuilder
        case intentDefinition
    }

    /// The file's name (`Main.storyboard`).
    var fileName: String
    var kind: Kind
    /// The name without its extension, lowercased: the table name it pairs with (Apple file systems ignore case).
    var tableKey: String

    /// Nil for a file of any other kind.
    init?(fileName: String) {
        let lower = fileName.lowercased()
        let kind: Kind
        let extensionLength: Int
        if lower.hasSuffix(".storyboard") {
            (kind, extensionLength) = (.interfaceBuilder, ".storyboard".count)
        } else if lower.hasSuffix(".xib") {
            (kind, extensionLength) = (.interfaceBuilder, ".xib".count)
        } else if lower.hasSuffix(".intentdefinition") {
            (kind, extensionLength) = (.intentDefinition, ".intentdefinition".count)
        } else {
            return nil
        }
        guard lower.count > extensionLength else { return nil }
        self.fileName = fileName
        self.kind = kind
        tableKey = String(lower.dropLast(extensionLength))
    }

    /// Why a table paired with this file is not published.
    var skipReason: SkipReason {
        switch kind {
        case .interfaceBuilder: return SkipReason.interfaceBuilder(fileName)
        case .intentDefinition: return SkipReason.intentDefinition(fileName)
        }
    }
}

extension TreeWalker {
    /// Moves the tables and catalogs that pair with an Interface Builder file or an intent definition of their
    /// resource folder to ``skipped``.
    mutating func removeCompanionTables() {
        guard !companionFiles.isEmpty else { return }
        func companion(_ tableName: String, in folder: [String]) -> CompanionFile? {
            let key = tableName.lowercased()
            return companionFiles[folder.joined(separator: "/")]?.first { $0.tableKey == key }
        }
        for index in lprojFolders.indices {
            let folder = lprojFolders[index].resourceFolder
            lprojFolders[index].tables.removeAll { table in
                guard let file = companion(table.tableName, in: folder) else { return false }
                skipped.append(SkippedFile(path: table.relativePath, reason: file.skipReason))
                return true
            }
        }
        catalogs.removeAll { item in
            guard let file = companion(item.catalog.tableName, in: item.resourceFolder) else { return false }
            skipped.append(SkippedFile(path: item.catalog.relativePath, reason: file.skipReason))
            return true
        }
    }
}
