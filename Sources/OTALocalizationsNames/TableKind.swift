/// The two kinds of localization table a bundle's `.lproj` folder holds, each owning its file suffix. Both files of a
/// table are looked up, each on its own, and merged (docs/apple-platform.md F5, P2); the installer takes only these
/// two suffixes, in lower case (docs/design.md, "A module's ZIP").
package enum TableKind: Sendable, CaseIterable {
    /// A `.strings` table: key-value pairs in the old-style property-list syntax, or a property list.
    case strings
    /// A `.stringsdict` table: an XML or binary property list of plural rules.
    case stringsDict

    /// The file suffix, with its dot: `.strings` or `.stringsdict`.
    package var suffix: String {
        switch self {
        case .strings: return ".strings"
        case .stringsDict: return ".stringsdict"
        }
    }

    /// The file that holds `table` in this kind: `Localizable` gives `Localizable.strings`.
    package func fileName(table: String) -> String {
        table + suffix
    }

    /// The kind of a file the installer takes as a table: a non-empty table name, then `.strings` or `.stringsdict` in
    /// this letter case. Nil for any other name (`Localizable.STRINGS`, `.strings`, `Info.plist`).
    package init?(fileName: some StringProtocol) {
        guard let kind = Self.allCases.first(where: { fileName.hasSuffix($0.suffix) && fileName.count > $0.suffix.count })
        else { return nil }
        self = kind
    }

    /// The kind of a file by its suffix in any letter case (`Localizable.STRINGS`), as the table parser and
    /// `validate` on a folder read files: a non-empty table name, then either suffix, ignoring case. Discovery uses
    /// it to tell such a file apart from one that is no table at all.
    package init?(anyCaseFileName fileName: some StringProtocol) {
        self.init(fileName: fileName.lowercased())
    }

    /// The table name of `fileName` (`Localizable` for `Localizable.strings`), or nil when it is not a table of this
    /// kind by ``init(fileName:)``'s exact rule.
    package func tableName(ofFileName fileName: some StringProtocol) -> String? {
        guard TableKind(fileName: fileName) == self else { return nil }
        return String(fileName.dropLast(suffix.count))
    }
}
