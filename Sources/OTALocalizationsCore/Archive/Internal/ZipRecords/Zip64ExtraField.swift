/// The ZIP64 extended information extra field (APPNOTE.TXT 4.5.3) of a local or central header: tag 0x0001, a data
/// size, then only the values whose classic field is all ones, in the order uncompressed size, compressed size, local
/// header offset, disk number start.
package struct Zip64ExtraField: Equatable {
    package static let tag: UInt16 = 0x0001

    package var uncompressedSize: UInt64?
    package var compressedSize: UInt64?
    package var localHeaderOffset: UInt64?

    /// Creates the record from its fields, in the order it writes them.
    package init(uncompressedSize: UInt64? = nil, compressedSize: UInt64? = nil, localHeaderOffset: UInt64? = nil) {
        self.uncompressedSize = uncompressedSize
        self.compressedSize = compressedSize
        self.localHeaderOffset = localHeaderOffset
    }

    /// Replaces each classic field whose value is all ones with its ZIP64 value; returns false when the needed
    /// extra field is missing or too short. Per 4.5.3 the ZIP64 field holds only those values, in the order
    /// uncompressed size, compressed size, local header offset, disk number (nil fields are not looked at).
    static func apply(
        _ extra: ArraySlice<UInt8>, uncompressed: inout UInt64, compressed: inout UInt64, offset: inout UInt64?,
        disk: inout UInt32?
    ) -> Bool {
        let needsUncompressed = uncompressed == 0xFFFF_FFFF
        let needsCompressed = compressed == 0xFFFF_FFFF
        let needsOffset = offset == 0xFFFF_FFFF
        let needsDisk = disk == 0xFFFF
        guard needsUncompressed || needsCompressed || needsOffset || needsDisk else { return true }
        guard let field = extraField(tag, in: extra) else { return false }
        var cursor = ByteCursor(Array(field), offset: 0)
        do {
            if needsUncompressed { uncompressed = try cursor.u64() }
            if needsCompressed { compressed = try cursor.u64() }
            if needsOffset { offset = try cursor.u64() }
            if needsDisk { disk = try cursor.u32() }
        } catch {
            return false
        }
        return true
    }

    /// The data of the first extra field (4.5.1) with `tag`, or nil; a malformed tail ends the search.
    private static func extraField(_ tag: UInt16, in extra: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var cursor = ByteCursor(Array(extra), offset: 0)
        while cursor.has(4) {
            guard let fieldTag = try? cursor.u16(), let size = try? cursor.u16(),
                let data = try? cursor.take(Int(size))
            else { return nil }
            if fieldTag == tag { return data }
        }
        return nil
    }
}
