/// A local file header (APPNOTE.TXT 4.3.7): 30 bytes, then the name and the extra field; the entry's data follows.
struct ZipLocalHeader: Equatable {
    static let signature: UInt32 = 0x0403_4B50
    /// The header's size without the name and extra field.
    static let size = 30

    var fields: ZipFileHeaderFields
    var name: ArraySlice<UInt8>
    var extra: ArraySlice<UInt8>

    /// Reads the header at `cursor`: nil, with the signature read, when the signature is another; throws
    /// `truncated` when the bytes run out.
    static func read(_ cursor: inout ByteCursor) throws(ArchiveError) -> ZipLocalHeader? {
        guard try cursor.u32() == signature else { return nil }
        let (fields, nameLength, extraLength) = try ZipFileHeaderFields.read(&cursor)
        return ZipLocalHeader(fields: fields, name: try cursor.take(nameLength), extra: try cursor.take(extraLength))
    }

    /// Appends the header, name and extra field to `bytes`.
    func write(to bytes: inout [UInt8]) {
        bytes.appendLE(Self.signature)
        fields.write(to: &bytes, name: name, extra: extra)
        bytes.append(contentsOf: name)
        bytes.append(contentsOf: extra)
    }
}
