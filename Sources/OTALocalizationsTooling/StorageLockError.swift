/// An error of ``StorageLock``: the storage root could not be locked.
///
/// Compare errors by ``code``; ``reason`` is for people.
package struct StorageLockError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable identifier for the kind of failure.
    package struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// The storage root does not exist and cannot be created.
        package static let storageRoot = Code(rawValue: "storage-root")
        /// The lock file cannot be opened, locked or written.
        package static let lockFile = Code(rawValue: "lock-file")
    }

    package var code: Code
    /// What happened, in one sentence.
    package var reason: String
    /// The file or folder concerned.
    package var path: String

    package init(code: Code, reason: String, path: String) {
        self.code = code
        self.reason = reason
        self.path = path
    }

    package var description: String { "\(path): \(reason)" }
}
