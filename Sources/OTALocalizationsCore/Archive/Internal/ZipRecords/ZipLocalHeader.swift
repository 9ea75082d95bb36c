/// A local file header (APPNOTE.TXT 4.3.7): 30 bytes, then the name and the extra field; the entry's data follows.
package struct ZipLocalHeader: Equatable {
    package static let signature: UInt32 = 0x0403_4B50
    /// The header's size without the name and extra field.
    package static let size = 30

    package var fields: ZipFileHeaderFields
    package var name: ArraySlice<UInt8>
    package var extra: ArraySlice<UInt8>

    /// Creates the record from its fields, in the order it writes them.
    package init(fields: ZipFileHeaderFields, name: ArraySlice<UInt8>, extra: ArraySlice<UInt8>) {
        self.fields = fields
        self.name = name
        self.extra = extra
    }

    /// Reads the header at `cursor`: nil, with the signature read, when the signature is another; throws
    /// `truncated` when the bytes run out.
    static func read(_ cursor: inout ByteCursor) throws(ArchiveError) -> ZipLocalHeader? {
        guard try cursor.u32() == signature else { return nil }
        let (fields, nameLength, extraLength) = try ZipFileHeaderFields.read(&cursor)
        return ZipLocalHeader(fields: fields, name: try cursor.take(nameLength), extra: try cursor.take(extraLength))
    }
}
