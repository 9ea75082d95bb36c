/// A path inside a module's bundle, as a ZIP entry and an installed folder hold it, read the way a bundle reads it:
/// `Info.plist` at the root, and tables directly inside a localization folder (`fr.lproj/Checkout.stringsdict`).
/// A module's ZIP holds nothing else (docs/design.md, "A module's ZIP"; docs/apple-platform.md F4, F8).
///
/// Components are split on `/` keeping empty ones, so `fr.lproj//X.strings` is three components, not a table.
package struct BundlePath: Sendable, Equatable {
    /// The path as given.
    package let path: String
    /// `fr` for `fr.lproj/<file>`: set only when the path is exactly two components and the first is a localization
    /// folder by ``LocalizationFolder/localization(ofFolder:)``.
    package let localization: String?
    /// The last component (`Checkout.stringsdict`), or the whole path when it has no `/`.
    package let fileName: String
    /// The kind of table at this path, by ``TableKind/init(fileName:)``'s exact rule: nil unless ``localization`` is set
    /// and the file name ends in a table suffix after a non-empty table name.
    package let tableKind: TableKind?

    /// Reads `path`; any string is accepted, and what it is not shows as nil properties.
    package init(_ path: String) {
        self.path = path
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        fileName = components.last.map(String.init) ?? path
        localization = components.count == 2 ? LocalizationFolder.localization(ofFolder: components[0]) : nil
        tableKind = localization == nil ? nil : TableKind(fileName: fileName)
    }

    /// The path of `table`'s file of `kind` in `localization`'s folder: `fr.lproj/Checkout.stringsdict`.
    package init(localization: String, table: String, kind: TableKind) {
        self.init(LocalizationFolder.name(for: localization) + "/" + kind.fileName(table: table))
    }

    /// The bundle's `Info.plist`, at its root.
    package static let infoPlist = "Info.plist"

    /// Whether this is the bundle's `Info.plist`: the root file of that exact name.
    package var isInfoPlist: Bool { path == Self.infoPlist }

    /// The table name (`Checkout`) when ``tableKind`` is set, else nil.
    package var tableName: String? { tableKind?.tableName(ofFileName: fileName) }
}
