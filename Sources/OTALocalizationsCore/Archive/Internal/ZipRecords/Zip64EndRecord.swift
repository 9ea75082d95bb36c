/// The ZIP64 end of central directory record (APPNOTE.TXT 4.3.14), version 1: 56 bytes, no extensible data.
struct Zip64EndRecord: Equatable {
    static let signature: UInt32 = 0x0606_4B50
    /// The record's size; `recordSize` counts the bytes after its own field, 12 fewer (4.3.14.1).
    static let size = 56

    var recordSize = UInt64(size - 12)
    /// Version made by (4.4.2): Unix, spec 4.5.
    var versionMadeBy: UInt16 = 0x032D
    /// Version needed to extract (4.4.3): 4.5, ZIP64.
    var versionNeeded: UInt16 = 45
    var disk: UInt32 = 0
    var directoryDisk: UInt32 = 0
    var entriesOnDisk: UInt64
    var entries: UInt64
    var directorySize: UInt64
    var directoryOffset: UInt64

    /// Reads the record at `cursor`: nil, with the signature read, when the signature is another; throws
    /// `truncated` when the bytes run out.
    static func read(_ cursor: inout ByteCursor) throws(ArchiveError) -> Zip64EndRecord? {
        guard try cursor.u32() == signature else { return nil }
        return Zip64EndRecord(
            recordSize: try cursor.u64(), versionMadeBy: try cursor.u16(), versionNeeded: try cursor.u16(),
            disk: try cursor.u32(), directoryDisk: try cursor.u32(), entriesOnDisk: try cursor.u64(),
            entries: try cursor.u64(), directorySize: try cursor.u64(), directoryOffset: try cursor.u64())
    }

    /// Appends the record to `bytes`.
    func write(to bytes: inout [UInt8]) {
        bytes.appendLE(Self.signature)
        bytes.appendLE(recordSize)
        bytes.appendLE(versionMadeBy)
        bytes.appendLE(versionNeeded)
        bytes.appendLE(disk)
        bytes.appendLE(directoryDisk)
        bytes.appendLE(entriesOnDisk)
        bytes.appendLE(entries)
        bytes.appendLE(directorySize)
        bytes.appendLE(directoryOffset)
    }
}

/// The ZIP64 end of central directory locator (APPNOTE.TXT 4.3.15): 20 bytes just before the end record.
struct Zip64EndLocator: Equatable {
    static let signature: UInt32 = 0x0706_4B50
    static let size = 20

    /// The disk holding the ZIP64 end record.
    var recordDisk: UInt32 = 0
    /// Where the ZIP64 end record starts.
    var recordOffset: UInt64
    var totalDisks: UInt32 = 1

    /// Reads the locator at `cursor`: nil, with the signature read, when the signature is another; throws
    /// `truncated` when the bytes run out.
    static func read(_ cursor: inout ByteCursor) throws(ArchiveError) -> Zip64EndLocator? {
        guard try cursor.u32() == signature else { return nil }
        return Zip64EndLocator(recordDisk: try cursor.u32(), recordOffset: try cursor.u64(), totalDisks: try cursor.u32())
    }

    /// Appends the locator to `bytes`.
    func write(to bytes: inout [UInt8]) {
        bytes.appendLE(Self.signature)
        bytes.appendLE(recordDisk)
        bytes.appendLE(recordOffset)
        bytes.appendLE(totalDisks)
    }
}
