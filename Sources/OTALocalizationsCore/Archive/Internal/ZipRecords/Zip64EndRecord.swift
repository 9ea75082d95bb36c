/// The ZIP64 end of central directory record (APPNOTE.TXT 4.3.14), version 1: 56 bytes, no extensible data.
package struct Zip64EndRecord: Equatable {
    package static let signature: UInt32 = 0x0606_4B50
    /// The record's size; `recordSize` counts the bytes after its own field, 12 fewer (4.3.14.1).
    package static let size = 56

    package var recordSize = UInt64(size - 12)
    /// Version made by (4.4.2): Unix, spec 4.5.
    package var versionMadeBy: UInt16 = 0x032D
    /// Version needed to extract (4.4.3): 4.5, ZIP64.
    package var versionNeeded: UInt16 = 45
    package var disk: UInt32 = 0
    package var directoryDisk: UInt32 = 0
    package var entriesOnDisk: UInt64
    package var entries: UInt64
    package var directorySize: UInt64
    package var directoryOffset: UInt64

    /// Creates the record from its fields, in the order it writes them.
    package init(
        recordSize: UInt64 = UInt64(Zip64EndRecord.size - 12), versionMadeBy: UInt16 = 0x032D, versionNeeded: UInt16 = 45,
        disk: UInt32 = 0, directoryDisk: UInt32 = 0, entriesOnDisk: UInt64, entries: UInt64, directorySize: UInt64,
        directoryOffset: UInt64
    ) {
        self.recordSize = recordSize
        self.versionMadeBy = versionMadeBy
        self.versionNeeded = versionNeeded
        self.disk = disk
        self.directoryDisk = directoryDisk
        self.entriesOnDisk = entriesOnDisk
        self.entries = entries
        self.directorySize = directorySize
        self.directoryOffset = directoryOffset
    }

    /// Reads the record at `cursor`: nil, with the signature read, when the signature is another; throws
    /// `truncated` when the bytes run out.
    static func read(_ cursor: inout ByteCursor) throws(ArchiveError) -> Zip64EndRecord? {
        guard try cursor.u32() == signature else { return nil }
        return Zip64EndRecord(
            recordSize: try cursor.u64(), versionMadeBy: try cursor.u16(), versionNeeded: try cursor.u16(),
            disk: try cursor.u32(), directoryDisk: try cursor.u32(), entriesOnDisk: try cursor.u64(),
            entries: try cursor.u64(), directorySize: try cursor.u64(), directoryOffset: try cursor.u64())
    }
}

/// The ZIP64 end of central directory locator (APPNOTE.TXT 4.3.15): 20 bytes just before the end record.
package struct Zip64EndLocator: Equatable {
    package static let signature: UInt32 = 0x0706_4B50
    package static let size = 20

    /// The disk holding the ZIP64 end record.
    package var recordDisk: UInt32 = 0
    /// Where the ZIP64 end record starts.
    package var recordOffset: UInt64
    package var totalDisks: UInt32 = 1

    /// Creates the record from its fields, in the order it writes them.
    package init(recordDisk: UInt32 = 0, recordOffset: UInt64, totalDisks: UInt32 = 1) {
        self.recordDisk = recordDisk
        self.recordOffset = recordOffset
        self.totalDisks = totalDisks
    }

    /// Reads the locator at `cursor`: nil, with the signature read, when the signature is another; throws
    /// `truncated` when the bytes run out.
    static func read(_ cursor: inout ByteCursor) throws(ArchiveError) -> Zip64EndLocator? {
        guard try cursor.u32() == signature else { return nil }
        return Zip64EndLocator(recordDisk: try cursor.u32(), recordOffset: try cursor.u64(), totalDisks: try cursor.u32())
    }
}
