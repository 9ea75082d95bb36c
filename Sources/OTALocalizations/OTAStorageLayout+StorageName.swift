import Foundation

extension OTAStorageLayout {
    /// The folder name of `module` under `modules/`: its canonical composition (NFC) as UTF-8, every byte that is
    /// not a lowercase ASCII letter, a digit, `-` or `_` written as `%` and two uppercase hex digits
    /// (RFC 3986 section 2.1). For example `Checkout` is `%43heckout`.
    ///
    /// Why: Apple volumes (APFS, HFS+) are case-insensitive and normalization-insensitive by default, Linux ones
    /// are neither. A name made only of characters that have no other case and no other normalization maps to one
    /// folder on every file system, and two different modules never share one: `Checkout` and `checkout` are
    /// `%43heckout` and `checkout`; `Café` composed and decomposed are the same module and the same folder.
    /// The encoding is reversible, so the read side recovers the module name from the folder name
    /// (``moduleName(fromStorageName:)``). A name longer than ``maximumStorageNameBytes`` once encoded cannot be
    /// stored (``canStore(module:)``).
    package static func storageName(forModule module: String) -> String {
        var name = ""
        for byte in module.precomposedStringWithCanonicalMapping.utf8 {
            if isLiteralStorageByte(byte) {
                name.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                name += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0x0F)
            }
        }
        return name
    }

    /// The module name a storage name encodes, or nil when `name` is not exactly what
    /// ``storageName(forModule:)`` writes for some plain file name (so every name maps back one way only).
    package static func moduleName(fromStorageName name: String) -> String? {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumStorageNameBytes else { return nil }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if isLiteralStorageByte(byte) {
                decoded.append(byte)
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                  let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            else { return nil }
            let value = high << 4 | low
            guard !isLiteralStorageByte(value) else { return nil }
            decoded.append(value)
            index += 3
        }
        // Decoding invalid UTF-8 inserts replacement characters, so a round trip to the same bytes proves validity.
        // ASCII is its own canonical composition; other text must already be NFC, as it is written.
        let module = String(decoding: decoded, as: UTF8.self)
        guard isPlainFileName(module) else { return nil }
        if decoded.allSatisfy({ $0 < 0x80 }) { return module }
        guard Array(module.utf8) == decoded, Array(module.precomposedStringWithCanonicalMapping.utf8) == decoded
        else { return nil }
        return module
    }

    /// Whether `module` is a plain file name whose storage name fits in ``maximumStorageNameBytes``.
    package static func canStore(module: String) -> Bool {
        isPlainFileName(module) && storageName(forModule: module).utf8.count <= maximumStorageNameBytes
    }

    private static func isLiteralStorageByte(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_")
    }

    private static func hexDigit(_ value: UInt8) -> String {
        String(UnicodeScalar(value < 10 ? 0x30 + value : 0x41 + value - 10))
    }

    /// The value of an uppercase hex digit (lowercase ones are refused: they are not what is written).
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        default: return nil
        }
    }
}
