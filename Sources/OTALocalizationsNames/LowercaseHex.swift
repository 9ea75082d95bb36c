/// Lowercase hexadecimal text, the form of every SHA-256 in the files the project writes (the manifest, a bundle's
/// seal, a `current` pointer, a slice record, an installed folder's name) and of the install ID. The read side and
/// Core both check it, so it lives beside ``PlainFileName``.
package enum LowercaseHex {
    /// The digits of a SHA-256: 32 bytes, two digits each.
    package static let sha256Length = 64

    /// Whether `byte` is an ASCII `0`–`9` or `a`–`f`.
    @inlinable
    package static func isDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// Whether `text` is a SHA-256 in this form: exactly ``sha256Length`` digits by ``isDigit(_:)``.
    package static func isSHA256(_ text: some StringProtocol) -> Bool {
        text.utf8.count == sha256Length && text.utf8.allSatisfy(isDigit)
    }
}
