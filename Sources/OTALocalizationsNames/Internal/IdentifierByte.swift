/// The bytes of the identifiers the manifest and the device write in ASCII: language identifiers
/// (``LanguageIdentifier``) and rollout ids (``RolloutIdentifier``).
enum IdentifierByte {
    /// Whether `byte` is an ASCII letter (`A`–`Z`, `a`–`z`).
    static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Whether `byte` is an ASCII letter, digit, `-` or `_`.
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
}
