/// An error of ``InstalledTableLookup``: what is missing or unreadable.
///
/// Compare errors by ``code``; ``reason`` is for people and names the file or folder concerned.
public struct InstalledTableLookupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable identifier for the kind of failure.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The app version, module, localization or table is not a plain file name.
        public static let invalidName = Code(rawValue: "invalid-name")
        /// The module has no `current` pointer, a malformed one, or one naming a missing folder.
        public static let notInstalled = Code(rawValue: "not-installed")
        /// The installed bundle has no `<localization>.lproj` folder.
        public static let localizationMissing = Code(rawValue: "localization-missing")
        /// The `.lproj` folder has neither `<table>.strings` nor `<table>.stringsdict`.
        public static let tableMissing = Code(rawValue: "table-missing")
        /// A table file cannot be read or parsed, or a `.stringsdict` entry has no format string.
        public static let unreadableTable = Code(rawValue: "unreadable-table")
        /// Neither table file defines the key.
        public static let keyMissing = Code(rawValue: "key-missing")
    }

    public var code: Code
    /// What is missing, in one sentence.
    public var reason: String

    public init(code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { reason }
}
