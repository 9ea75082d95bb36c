import Foundation

/// The `ETag` a device keeps and sends back as `If-None-Match`: only a single well-formed entity-tag
/// (RFC 9110, section 8.8.3: `[W/] DQUOTE *etagc DQUOTE`, `etagc` = `%x21 / %x23-7E`; `obs-text` is left out) of at
/// most ``maximumBytes``. Anything else (`*`, a list, an unquoted or oversized value) is not kept, so a hostile or
/// broken response cannot make every later request match everything (`If-None-Match: *`) or fail (a header too large).
enum EntityTag {
    /// The longest entity-tag kept, in bytes.
    static let maximumBytes = 256

    /// `header` when it is one well-formed entity-tag, else nil.
    static func validated(_ header: String?) -> String? {
        guard let header else { return nil }
        let bytes = Array(header.utf8)
        guard bytes.count <= maximumBytes else { return nil }
        var body = bytes[...]
        if body.starts(with: Array("W/".utf8)) { body = body.dropFirst(2) }
        guard body.count >= 2, body.first == UInt8(ascii: "\""), body.last == UInt8(ascii: "\"") else { return nil }
        let inner = body.dropFirst().dropLast()
        guard inner.allSatisfy({ $0 == 0x21 || (0x23...0x7E).contains($0) }) else { return nil }
        return header
    }
}
