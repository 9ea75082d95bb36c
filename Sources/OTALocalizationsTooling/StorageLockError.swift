/// An error of ``StorageLock``: the storage root could not be locked.
///
/// Compare errors by ``code``; ``reason`` is for people.
public struct StorageLockError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable identifier for the kind of failure.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The storage root does not exist and cannot be created.
        public static let storageRoot = Code(rawValue: "storage-root")
        /// The lock file cannot be opened, locked or written.
        public static let lockFile = Code(rawValue: "lock-file")
    }

    public var code: Code
    /// What happened, in one sentence.
    public var reason: String
    /// The file or folder concerned.
    public var path: String

    public init(code: Code, reason: String, path: String) {
        self.code = code
        self.reason = reason
        self.path = path
    }

    public var description: String { "\(path): \(reason)" }
}
