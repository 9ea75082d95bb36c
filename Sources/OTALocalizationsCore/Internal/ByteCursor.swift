/// Bounds-checked reads of unsigned integers from a byte array, in either byte order, for the binary formats Core
/// reads: ZIP records (little-endian, APPNOTE.TXT 4.4.1.1) and binary property lists (big-endian, `CFBinaryPList.c`).
///
/// Reads never trap: ``read(_:_:)`` answers nil when the bytes run out, and the ZIP reads throw `truncated`.
struct ByteCursor {
    /// The order of an integer's bytes.
    enum ByteOrder {
        /// Least significant byte first.
        case littleEndian
        /// Most significant byte first.
        case bigEndian
    }

    let bytes: [UInt8]
    var offset: Int
    let end: Int

    /// A cursor at `offset` that reads no byte at or after `end` (default: the end of `bytes`).
    init(_ bytes: [UInt8], offset: Int, end: Int? = nil) {
        self.bytes = bytes
        self.offset = offset
        self.end = min(end ?? bytes.count, bytes.count)
    }

    /// Whether `count` more bytes can be read.
    func has(_ count: Int) -> Bool {
        offset >= 0 && count >= 0 && offset <= end && end - offset >= count
    }

    /// The unsigned integer of `width` bytes (0 to 8) at the cursor, which moves past it; nil, with the cursor left
    /// where it is, when fewer than `width` bytes remain.
    mutating func read(_ width: Int, _ order: ByteOrder) -> UInt64? {
        guard width <= 8, has(width) else { return nil }
        var value: UInt64 = 0
        switch order {
        case .littleEndian:
            for index in 0..<width { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        case .bigEndian:
            for index in 0..<width { value = value << 8 | UInt64(bytes[offset + index]) }
        }
        offset += width
        return value
    }

    mutating func u16() throws(ArchiveError) -> UInt16 {
        UInt16(truncatingIfNeeded: try little(2))
    }

    mutating func u32() throws(ArchiveError) -> UInt32 {
        UInt32(truncatingIfNeeded: try little(4))
    }

    mutating func u64() throws(ArchiveError) -> UInt64 {
        try little(8)
    }

    mutating func take(_ count: Int) throws(ArchiveError) -> ArraySlice<UInt8> {
        guard has(count) else { throw Self.truncated }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    /// A little-endian ZIP field.
    private mutating func little(_ width: Int) throws(ArchiveError) -> UInt64 {
        guard let value = read(width, .littleEndian) else { throw Self.truncated }
        return value
    }

    private static var truncated: ArchiveError {
        ArchiveError(code: .truncated, reason: "a record runs past the end of the archive")
    }
}
