/// A reusable UTF-8 buffer that the text parsers fill with runs of scalars and turn into a `String`.
///
/// Scalars are encoded to UTF-8 (RFC 3629: 1 byte for ASCII, up to 4 otherwise); a run is measured first and
/// then written in one go. ``makeString()`` copies the bytes into a new `String` once and empties the buffer,
/// keeping its capacity, so one builder serves every key and value of a table. ``string(_:)`` skips the buffer
/// for text that needs no escape handling. Only well-formed UTF-8 is ever written (a `Unicode.Scalar` is never
/// a surrogate). A value type owned by one parser; not shared.
struct UTF8StringBuilder {
    private var bytes: [UInt8] = []

    /// Appends the UTF-8 encoding of `scalar`.
    mutating func append(_ scalar: Unicode.Scalar) {
        append(contentsOf: CollectionOfOne(scalar))
    }

    /// Appends the UTF-8 encoding of every scalar in `scalars`.
    mutating func append<Scalars: Collection<Unicode.Scalar>>(contentsOf scalars: Scalars) {
        let start = bytes.count
        let count = Self.utf8Count(of: scalars)
        bytes.append(contentsOf: repeatElement(0, count: count))
        bytes.withUnsafeMutableBufferPointer { buffer in
            Self.encode(scalars, utf8Count: count, into: buffer, at: start)
        }
    }

    /// The appended scalars as a `String`; the builder is empty afterwards.
    mutating func makeString() -> String {
        defer { bytes.removeAll(keepingCapacity: true) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `scalars` as a `String`, written straight into one allocation of the exact size.
    static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        let count = utf8Count(of: scalars)
        return String(unsafeUninitializedCapacity: count) { buffer in
            encode(scalars, utf8Count: count, into: buffer, at: 0)
            return count
        }
    }

    private static func utf8Count<Scalars: Collection<Unicode.Scalar>>(of scalars: Scalars) -> Int {
        var count = 0
        for scalar in scalars {
            switch scalar.value {
            case 0..<0x80: count += 1
            case 0x80..<0x800: count += 2
            case 0x800..<0x1_0000: count += 3
            default: count += 4
            }
        }
        return count
    }

    /// Writes the UTF-8 encoding of `scalars` (`utf8Count` bytes) at `offset`; all-ASCII text is copied byte by byte.
    private static func encode<Scalars: Collection<Unicode.Scalar>>(
        _ scalars: Scalars, utf8Count: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int
    ) {
        var offset = offset
        if utf8Count == scalars.count {
            for scalar in scalars {
                buffer[offset] = UInt8(truncatingIfNeeded: scalar.value)
                offset += 1
            }
        } else {
            for scalar in scalars { offset = encode(scalar, into: buffer, at: offset) }
        }
    }

    /// Writes the UTF-8 encoding of `scalar` at `offset` (which has room for it); returns the offset after it.
    private static func encode(_ scalar: Unicode.Scalar, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        let value = scalar.value
        switch value {
        case 0..<0x80:
            buffer[offset] = UInt8(truncatingIfNeeded: value)
            return offset + 1
        case 0x80..<0x800:
            buffer[offset] = 0xC0 | UInt8(truncatingIfNeeded: value >> 6)
            buffer[offset + 1] = 0x80 | UInt8(truncatingIfNeeded: value & 0x3F)
            return offset + 2
        case 0x800..<0x1_0000:
            buffer[offset] = 0xE0 | UInt8(truncatingIfNeeded: value >> 12)
            buffer[offset + 1] = 0x80 | UInt8(truncatingIfNeeded: value >> 6 & 0x3F)
            buffer[offset + 2] = 0x80 | UInt8(truncatingIfNeeded: value & 0x3F)
            return offset + 3
        default:
            buffer[offset] = 0xF0 | UInt8(truncatingIfNeeded: value >> 18)
            buffer[offset + 1] = 0x80 | UInt8(truncatingIfNeeded: value >> 12 & 0x3F)
            buffer[offset + 2] = 0x80 | UInt8(truncatingIfNeeded: value >> 6 & 0x3F)
            buffer[offset + 3] = 0x80 | UInt8(truncatingIfNeeded: value & 0x3F)
            return offset + 4
        }
    }
}
