/// An error compressing or decompressing a raw deflate stream (RFC 1951).
///
/// Compare errors by ``code``; ``reason`` is for people and may change wording between releases.
public struct CompressionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable identifier for the kind of problem.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's stable text, in kebab case (for example `path-escapes-root`).
        public let rawValue: String
        /// Creates a code from its stable text.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The stable text.
        public var description: String { rawValue }

        /// The input is not a valid raw deflate stream (bad block type, distance too far back, ...).
        public static let corruptData = Code(rawValue: "corrupt-data")
        /// The input ends before the stream's final block.
        public static let truncated = Code(rawValue: "truncated")
        /// Decompressing would produce more bytes than the caller allowed.
        public static let outputTooLarge = Code(rawValue: "output-too-large")
        /// zlib failed for a reason unrelated to the input (out of memory, bad parameter).
        public static let zlib = Code(rawValue: "zlib")
    }

    /// The kind of problem; compare this, not ``reason``.
    public var code: Code
    /// What went wrong, in one sentence.
    public var reason: String

    /// Creates an error with a stable `code` and a human `reason`.
    public init(code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    /// `code: reason`.
    public var description: String { "\(code): \(reason)" }
}
