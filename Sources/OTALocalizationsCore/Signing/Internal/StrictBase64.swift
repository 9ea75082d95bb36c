import Foundation

/// Standard base64 (RFC 4648 section 4) read strictly: the alphabet with `=` padding to a multiple of four characters,
/// no line breaks or other characters, and canonical (section 3.5: the unused bits of the last character are zero),
/// so every byte string has exactly one accepted text. Foundation's decoder also accepts non-zero padding bits.
package enum StrictBase64 {
    /// The bytes `text` encodes, or nil when it is not canonical standard base64.
    package static func decode(_ text: String) -> Data? {
        guard text.utf8.count % 4 == 0, let data = Data(base64Encoded: text), data.base64EncodedString() == text else {
            return nil
        }
        return data
    }
}
