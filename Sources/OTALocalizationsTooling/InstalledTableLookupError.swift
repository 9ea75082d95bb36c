/// An error of ``InstalledTableLookup``: what is missing or unreadable.
///
/// Compare errors by ``code``; ``reason`` is for people and names the file or folder concerned.
package struct InstalledTableLookupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable identifier for the kind of failure.
    package struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// The app version, module, localization or table is not a plain file name.
        package static let invalidName = Code(rawValue: "invalid-name")
        /// The module has no `current` pointer, a malformed one, or one naming a missing folder.
        package static let notInstalled = Code(rawValue: "not-installed")
        /// The installed bundle has no `<localization>.lproj` folder.
        package static let localizationMissing = Code(rawValue: "localization-missing")
        /// The `.lproj` folder has neither `<table>.strings` nor `<table>.stringsdict`.
        package static let tableMissing = Code(rawValue: "table-missing")
        /// A table file cannot be read or parsed, or a `.stringsdict` entry has no format string.
        package static let unreadableTable = Code(rawValue: "unreadable-table")
        /// Neither table file defines the key.
        package static let keyMissing = Code(rawValue: "key-missing")
    }

    package var code: Code
    /// What is missing, in one sentence.
    package var reason: String

    package init(code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    package var description: String { reason }
}
