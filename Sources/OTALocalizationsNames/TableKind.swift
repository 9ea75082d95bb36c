/// The two kinds of localization table a bundle's `.lproj` folder holds, each owning its file suffix. A bundle looks
/// both files of a table up by their exact names, each on its own, and merges them (docs/apple-platform.md F5, P2).
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

    /// The kind of a file named exactly as a bundle looks a table up: a non-empty table name, then `.strings` or
    /// `.stringsdict` in this letter case. Nil for any other name (`Localizable.STRINGS`, `.strings`, `Info.plist`).
    package init?(fileName: some StringProtocol) {
        guard let kind = Self.allCases.first(where: { fileName.hasSuffix($0.suffix) && fileName.count > $0.suffix.count })
        else { return nil }
        self = kind
    }

    /// The kind of a file in a source tree or a published ZIP, where the packager and validation have always taken the
    /// suffix in any letter case (`Localizable.STRINGS`): a non-empty table name, then either suffix, ignoring case.
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
