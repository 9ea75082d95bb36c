/// An error compressing or decompressing a raw deflate stream (RFC 1951).
///
/// Compare errors by ``code``; ``reason`` is for people and may change wording between releases.
package struct CompressionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable identifier for the kind of problem.
    package struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's stable text, in kebab case (for example `path-escapes-root`).
        package let rawValue: String
        /// Creates a code from its stable text.
        package init(rawValue: String) { self.rawValue = rawValue }
        /// The stable text.
        package var description: String { rawValue }

        /// The input is not a valid raw deflate stream (bad block type, distance too far back, ...).
        package static let corruptData = Code(rawValue: "corrupt-data")
        /// The input ends before the stream's final block.
        package static let truncated = Code(rawValue: "truncated")
        /// Decompressing would produce more bytes than the caller allowed.
        package static let outputTooLarge = Code(rawValue: "output-too-large")
        /// zlib failed for a reason unrelated to the input (out of memory, bad parameter).
        package static let zlib = Code(rawValue: "zlib")
    }

    /// The kind of problem; compare this, not ``reason``.
    package var code: Code
    /// What went wrong, in one sentence.
    package var reason: String

    /// Creates an error with a stable `code` and a human `reason`.
    package init(code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    /// `code: reason`.
    package var description: String { "\(code): \(reason)" }
}
