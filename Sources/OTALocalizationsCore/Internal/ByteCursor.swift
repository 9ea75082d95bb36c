/// Bounds-checked little-endian reads from a byte array; every read throws `truncated` instead of trapping.
struct ByteCursor {
    let bytes: [UInt8]
    var offset: Int
    let end: Int

    init(_ bytes: [UInt8], offset: Int, end: Int? = nil) {
        self.bytes = bytes
        self.offset = offset
        self.end = min(end ?? bytes.count, bytes.count)
    }

    /// Whether `count` more bytes can be read.
    func has(_ count: Int) -> Bool {
        offset >= 0 && count >= 0 && offset <= end && end - offset >= count
    }

    mutating func u16() throws(ArchiveError) -> UInt16 {
        try need(2)
        defer { offset += 2 }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    mutating func u32() throws(ArchiveError) -> UInt32 {
        try need(4)
        defer { offset += 4 }
        var value: UInt32 = 0
        for i in 0..<4 { value |= UInt32(bytes[offset + i]) << (8 * UInt32(i)) }
        return value
    }

    mutating func u64() throws(ArchiveError) -> UInt64 {
        try need(8)
        defer { offset += 8 }
        var value: UInt64 = 0
        for i in 0..<8 { value |= UInt64(bytes[offset + i]) << (8 * UInt64(i)) }
        return value
    }

    mutating func take(_ count: Int) throws(ArchiveError) -> ArraySlice<UInt8> {
        try need(count)
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    private func need(_ count: Int) throws(ArchiveError) {
        guard has(count) else {
            throw ArchiveError(code: .truncated, reason: "a record runs past the end of the archive")
        }
    }
}

/// Little-endian appends for building ZIP records.
extension Array where Element == UInt8 {
    mutating func appendLE(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value))
        append(UInt8(truncatingIfNeeded: value >> 8))
    }

    mutating func appendLE(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    mutating func appendLE(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }
}
