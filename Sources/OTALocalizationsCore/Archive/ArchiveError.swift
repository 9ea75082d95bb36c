/// An error reading or writing a ZIP archive, with the entry it concerns when there is one.
///
/// Compare errors by ``code``; ``reason`` is for people and may change wording between releases.
public struct ArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable identifier for the kind of problem; section numbers refer to APPNOTE.TXT 6.3.10.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's stable text, in kebab case (for example `path-escapes-root`).
        public let rawValue: String
        /// Creates a code from its stable text.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The stable text.
        public var description: String { rawValue }

        // MARK: Container
        /// No end of central directory record (4.3.16) in the last 64 KiB + 22 bytes: not a ZIP archive.
        public static let notZip = Code(rawValue: "not-zip")
        /// A record runs past the end of the bytes, or a count does not fit the space it claims.
        public static let truncated = Code(rawValue: "truncated")
        /// The archive is larger than ``ZipLimits/maximumArchiveBytes``.
        public static let archiveTooLarge = Code(rawValue: "archive-too-large")
        /// A central directory, ZIP64 record or extra field is malformed (bad signature, inconsistent counts).
        public static let corruptDirectory = Code(rawValue: "corrupt-directory")
        /// The archive spans several disks (4.4.19), which this reader does not support.
        public static let multiDisk = Code(rawValue: "multi-disk")
        /// An offset points outside the area where entry data may live.
        public static let offsetOutOfRange = Code(rawValue: "offset-out-of-range")
        /// Two entries' local headers and data share bytes.
        public static let overlappingEntries = Code(rawValue: "overlapping-entries")
        /// A local file header (4.3.7) disagrees with its central directory header (name, method, flags, sizes, CRC).
        public static let localHeaderMismatch = Code(rawValue: "local-header-mismatch")

        // MARK: Limits
        /// More entries than ``ZipLimits/maximumEntryCount``.
        public static let tooManyEntries = Code(rawValue: "too-many-entries")
        /// More uncompressed bytes than ``ZipLimits/maximumUncompressedBytes`` (declared or produced).
        public static let tooLarge = Code(rawValue: "too-large")
        /// One entry declares or inflates to more than ``ZipLimits/maximumEntryUncompressedBytes``.
        public static let entryTooLarge = Code(rawValue: "entry-too-large")

        // MARK: Names
        /// A `..` path component.
        public static let pathEscapesRoot = Code(rawValue: "path-escapes-root")
        /// A path starting with `/`.
        public static let absolutePath = Code(rawValue: "absolute-path")
        /// A `\` anywhere in the path (4.4.17.1 requires forward slashes).
        public static let backslashInPath = Code(rawValue: "backslash-in-path")
        /// A path starting with a drive letter such as `C:`.
        public static let driveLetter = Code(rawValue: "drive-letter")
        /// An empty path, an empty component (`a//b`), or a `.` component.
        public static let emptyPathComponent = Code(rawValue: "empty-path-component")
        /// A NUL character in the name.
        public static let nulInName = Code(rawValue: "nul-in-name")
        /// A name longer than ``ZipArchive/maximumNameBytes`` UTF-8 bytes (`PATH_MAX` on Apple platforms).
        public static let nameTooLong = Code(rawValue: "name-too-long")
        /// A name that is not valid UTF-8.
        public static let invalidName = Code(rawValue: "invalid-name")
        /// Two entries whose names are equal ignoring case and Unicode normalization, as on Apple file systems.
        public static let duplicateName = Code(rawValue: "duplicate-name")
        /// A file whose path is also used as a folder by another entry (`a` and `a/b`).
        public static let pathConflict = Code(rawValue: "path-conflict")

        // MARK: Entry kinds
        /// A symbolic link (Unix mode S_IFLNK in the external attributes, 4.4.15).
        public static let symlink = Code(rawValue: "symlink")
        /// A device, FIFO, socket, or a folder mode on an entry that holds data.
        public static let notRegularFile = Code(rawValue: "not-regular-file")
        /// Traditional or strong encryption (general purpose flag bits 0, 6, 13; method 99).
        public static let encrypted = Code(rawValue: "encrypted")
        /// A compression method other than 0 (stored) or 8 (deflate) (4.4.5).
        public static let unsupportedMethod = Code(rawValue: "unsupported-method")

        // MARK: Data
        /// The data does not have the size the headers declare (including a stream that inflates past it).
        public static let sizeMismatch = Code(rawValue: "size-mismatch")
        /// The data's CRC-32 differs from the declared one.
        public static let crcMismatch = Code(rawValue: "crc-mismatch")
        /// The deflate data is not a valid raw deflate stream.
        public static let corruptDeflate = Code(rawValue: "corrupt-deflate")
        /// ``ZipArchive/contents(of:)`` was given an entry that is not one of this archive's entries.
        public static let unknownEntry = Code(rawValue: "unknown-entry")
        /// The writer could not produce the archive (for example, zlib failed).
        public static let writeFailed = Code(rawValue: "write-failed")
    }

    /// The kind of problem; compare this, not ``reason``.
    public var code: Code
    /// What was found and what was expected, in one sentence.
    public var reason: String
    /// The entry's name as stored in the archive, when the problem concerns one entry.
    public var entryPath: String?

    /// Creates an error with a stable `code` and a human `reason`.
    public init(code: Code, reason: String, entryPath: String? = nil) {
        self.code = code
        self.reason = reason
        self.entryPath = entryPath
    }

    /// `entryPath: reason (code)`, or `reason (code)` for the whole archive.
    public var description: String {
        if let entryPath { return "\(entryPath): \(reason) (\(code))" }
        return "\(reason) (\(code))"
    }
}
