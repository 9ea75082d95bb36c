/// The structural reader behind ``ZipArchive``: end records, central directory, local headers (APPNOTE.TXT 4.3).
///
/// Every offset and length comes from the input, so every read is bounds-checked (``ByteCursor``) and every sum
/// is overflow-checked; nothing here can trap on hostile bytes.
struct ZipDirectoryParser {
    let bytes: [UInt8]
    let limits: ZipLimits

    /// Where the central directory lives and how many headers it holds.
    private struct Directory {
        var offset: Int
        var end: Int
        var count: Int
    }

    func parse() throws(ArchiveError) -> [ZipEntry] {
        let directory = try findDirectory()
        var cursor = ByteCursor(bytes, offset: directory.offset, end: directory.end)
        var entries: [ZipEntry] = []
        var spans: [(start: Int, end: Int, path: String)] = []
        var keys: [String: String] = [:]
        var fileKeys: Set<String> = []
        var totalBytes: Int64 = 0
        for _ in 0..<directory.count {
            let header = try readCentralHeader(&cursor, directoryOffset: directory.offset)
            spans.append((header.localOffset, header.dataEnd, header.path))
            if header.ignored { continue }
            let entry = header.entry
            if !entry.isDirectory {
                let size = Int64(entry.uncompressedSize)
                let (sum, overflow) = totalBytes.addingReportingOverflow(size)
                guard !overflow, sum <= limits.maximumUncompressedBytes else {
                    throw ArchiveError(
                        code: .tooLarge,
                        reason: "the entries declare more than \(limits.maximumUncompressedBytes) uncompressed bytes (maximumUncompressedBytes)",
                        entryPath: entry.path)
                }
                totalBytes = sum
            }
            let key = ZipPathRules.collisionKey(entry.path)
            if let other = keys[key] {
                throw ArchiveError(
                    code: .duplicateName,
                    reason: "the name equals \(other) ignoring case and Unicode normalization", entryPath: entry.path)
            }
            keys[key] = entry.path
            if !entry.isDirectory { fileKeys.insert(key) }
            var indexed = entry
            indexed.index = entries.count
            entries.append(indexed)
        }
        guard cursor.offset == directory.end else {
            throw ArchiveError(code: .corruptDirectory, reason: "the central directory is longer than its headers")
        }
        // A file may not also be a folder of another entry.
        for entry in entries {
            var parent = Substring(ZipPathRules.collisionKey(entry.path))
            while let slash = parent.lastIndex(of: "/") {
                parent = parent[..<slash]
                if fileKeys.contains(String(parent)) {
                    throw ArchiveError(
                        code: .pathConflict, reason: "the entry is inside \(parent), which is a file",
                        entryPath: entry.path)
                }
            }
        }
        // Local headers and data may not share bytes (overlapping entries are a known ZIP bomb technique).
        spans.sort { $0.start < $1.start }
        for (previous, next) in zip(spans, spans.dropFirst()) where next.start < previous.end {
            throw ArchiveError(
                code: .overlappingEntries, reason: "the entry's bytes overlap those of \(previous.path)",
                entryPath: next.path)
        }
        return entries
    }

    // MARK: End records

    /// Where the end records say the central directory is: its entry count, size and offset, and where the records
    /// after it start (the end record, or the ZIP64 end record when there is one).
    private typealias DirectoryExtent = (count: UInt64, size: UInt64, offset: UInt64, end: Int)

    /// Finds the central directory from the end of central directory record and, when a ZIP64 locator precedes it,
    /// the ZIP64 end record (4.3.14 to 4.3.16), and checks that it fits where the records say.
    private func findDirectory() throws(ArchiveError) -> Directory {
        let (endOffset, end) = try findEndRecord()
        let locatorOffset = endOffset - Zip64EndLocator.size
        var locator: Zip64EndLocator?
        if locatorOffset >= 0 {
            var probe = ByteCursor(bytes, offset: locatorOffset)
            locator = try Zip64EndLocator.read(&probe)
        }
        let extent: DirectoryExtent
        if let locator {
            extent = try zip64Extent(locator, locatorOffset: locatorOffset)
        } else {
            guard end.disk == 0, end.directoryDisk == 0, end.entriesOnDisk == end.entries else {
                throw ArchiveError(code: .multiDisk, reason: "the archive spans several disks")
            }
            if end.entries == 0xFFFF || end.directorySize == 0xFFFF_FFFF || end.directoryOffset == 0xFFFF_FFFF {
                throw ArchiveError(code: .corruptDirectory, reason: "ZIP64 values without a ZIP64 locator")
            }
            extent = (UInt64(end.entries), UInt64(end.directorySize), UInt64(end.directoryOffset), endOffset)
        }
        return try checkedDirectory(extent)
    }

    /// The end of central directory record and its offset: the last one whose comment reaches exactly the end of
    /// the data (4.3.16: 22 bytes plus a comment of up to 65,535 bytes, so it starts in the last 64 KiB + 22).
    private func findEndRecord() throws(ArchiveError) -> (offset: Int, record: ZipEndRecord) {
        guard bytes.count >= ZipEndRecord.size else {
            throw ArchiveError(code: .notZip, reason: "the data is too short to be a ZIP archive")
        }
        let lowest = max(0, bytes.count - ZipEndRecord.size - 0xFFFF)
        var position = bytes.count - ZipEndRecord.size
        while position >= lowest {
            var cursor = ByteCursor(bytes, offset: position)
            if let record = try ZipEndRecord.read(&cursor),
               position + ZipEndRecord.size + Int(record.commentLength) == bytes.count {
                return (position, record)
            }
            position -= 1
        }
        throw ArchiveError(code: .notZip, reason: "no end of central directory record at the end of the data")
    }

    /// The directory's extent from the ZIP64 end record that `locator` (at `locatorOffset`) points to (4.3.14,
    /// 4.3.15); one disk only.
    private func zip64Extent(_ locator: Zip64EndLocator, locatorOffset: Int) throws(ArchiveError) -> DirectoryExtent {
        guard locator.recordDisk == 0, locator.totalDisks <= 1 else {
            throw ArchiveError(code: .multiDisk, reason: "the archive spans several disks")
        }
        guard locator.recordOffset <= UInt64(locatorOffset),
              Int(locator.recordOffset) + Zip64EndRecord.size <= locatorOffset else {
            throw ArchiveError(code: .corruptDirectory, reason: "the ZIP64 locator points outside the archive")
        }
        let recordOffset = Int(locator.recordOffset)
        var cursor = ByteCursor(bytes, offset: recordOffset, end: locatorOffset)
        guard let record = try Zip64EndRecord.read(&cursor) else {
            throw ArchiveError(code: .corruptDirectory, reason: "no ZIP64 end of central directory record")
        }
        // 4.3.14.1: the size counts the record after its signature and size fields.
        guard record.recordSize >= UInt64(Zip64EndRecord.size - 12),
              record.recordSize == UInt64(locatorOffset - recordOffset - 12) else {
            throw ArchiveError(code: .corruptDirectory, reason: "the ZIP64 end record has the wrong size")
        }
        guard record.disk == 0, record.directoryDisk == 0, record.entriesOnDisk == record.entries else {
            throw ArchiveError(code: .multiDisk, reason: "the archive spans several disks")
        }
        return (record.entries, record.directorySize, record.directoryOffset, recordOffset)
    }

    /// The directory of `extent` once its entry count is within the limits and it ends exactly where the end
    /// records start, with room for that many headers.
    private func checkedDirectory(_ extent: DirectoryExtent) throws(ArchiveError) -> Directory {
        let (count, size, offset, directoryEnd) = extent
        guard count <= UInt64(clamping: limits.maximumEntryCount) else {
            throw ArchiveError(
                code: .tooManyEntries, reason: "the archive lists \(count) entries, more than \(limits.maximumEntryCount)")
        }
        guard offset <= UInt64(directoryEnd), size <= UInt64(directoryEnd) - offset else {
            throw ArchiveError(code: .offsetOutOfRange, reason: "the central directory lies outside the archive")
        }
        guard offset + size == UInt64(directoryEnd) else {
            throw ArchiveError(
                code: .corruptDirectory, reason: "the central directory does not end where the end record starts")
        }
        let headerSize = UInt64(ZipCentralHeader.size)
        guard !count.multipliedReportingOverflow(by: headerSize).overflow, count * headerSize <= size else {
            throw ArchiveError(code: .truncated, reason: "the central directory is too small for \(count) entries")
        }
        return Directory(offset: Int(offset), end: directoryEnd, count: Int(count))
    }

    // MARK: Headers

    private struct Header {
        var entry: ZipEntry
        var path: String
        var ignored: Bool
        var localOffset: Int
        var dataEnd: Int
    }

    private func readCentralHeader(_ cursor: inout ByteCursor, directoryOffset: Int) throws(ArchiveError) -> Header {
        guard let header = try ZipCentralHeader.read(&cursor) else {
            throw ArchiveError(code: .corruptDirectory, reason: "a central directory header has a wrong signature")
        }
        let (flags, method, crc) = (header.fields.flags, header.fields.method, header.fields.crc32)
        let nameBytes = header.name

        let lossyName = String(decoding: nameBytes, as: UTF8.self)
        let ignored = ZipPathRules.isAppleMetadata(lossyName)
        func fail(_ code: ArchiveError.Code, _ reason: String) -> ArchiveError {
            ArchiveError(code: code, reason: reason, entryPath: lossyName)
        }

        var uncompressed = UInt64(header.fields.uncompressedSize)
        var compressed = UInt64(header.fields.compressedSize)
        var offset: UInt64? = UInt64(header.localHeaderOffset)
        var disk: UInt32? = UInt32(header.diskStart)
        guard Zip64ExtraField.apply(header.extra, uncompressed: &uncompressed, compressed: &compressed, offset: &offset, disk: &disk)
        else {
            throw fail(.corruptDirectory, "the entry needs a ZIP64 extra field (4.5.3) and has none, or a short one")
        }
        guard disk == 0, let offset else { throw fail(.multiDisk, "the entry starts on another disk") }

        if !ignored {
            guard let name = String(validUTF8: nameBytes) else {
                throw fail(.invalidName, "the name is not valid UTF-8")
            }
            try ZipPathRules.validate(name)
            if flags & 0x0001 != 0 || flags & 0x0040 != 0 || flags & 0x2000 != 0 || method == 99 {
                throw fail(.encrypted, "the entry is encrypted")
            }
            guard method == 0 || method == 8 else {
                throw fail(.unsupportedMethod, "compression method \(method) is not stored (0) or deflate (8)")
            }
            try checkKind(
                name: name, versionMadeBy: header.versionMadeBy, external: header.externalAttributes,
                uncompressed: uncompressed)
            if method == 0, compressed != uncompressed {
                throw fail(.sizeMismatch, "a stored entry declares \(compressed) compressed and \(uncompressed) bytes")
            }
            guard uncompressed <= UInt64(max(0, limits.maximumUncompressedBytes)) else {
                throw fail(.tooLarge, "the entry declares \(uncompressed) bytes, over the limit of \(limits.maximumUncompressedBytes) (maximumUncompressedBytes)")
            }
            guard uncompressed <= UInt64(max(0, limits.maximumEntryUncompressedBytes)) else {
                throw fail(.entryTooLarge, "the entry declares \(uncompressed) bytes, over the limit of \(limits.maximumEntryUncompressedBytes) per entry (maximumEntryUncompressedBytes)")
            }
        }
        guard offset < UInt64(directoryOffset) else {
            throw fail(.offsetOutOfRange, "the local header offset lies outside the entry area")
        }
        let local = try readLocalHeader(
            at: Int(offset), directoryOffset: directoryOffset, name: nameBytes, flags: flags, method: method,
            crc: crc, compressed: compressed, uncompressed: uncompressed, path: lossyName)
        let entry = ZipEntry(
            path: lossyName, method: method, compressedSize: compressed, uncompressedSize: uncompressed, crc32: crc,
            isDirectory: lossyName.hasSuffix("/"), flags: flags, dataOffset: local.dataOffset, index: 0)
        return Header(entry: entry, path: lossyName, ignored: ignored, localOffset: Int(offset), dataEnd: local.dataEnd)
    }

    /// Refuses symlinks and other non-regular Unix modes (4.4.15: the high 16 bits of the external attributes when
    /// the host in version made by (4.4.2) is Unix, 3, or OS X, 19), and folders that declare data.
    private func checkKind(name: String, versionMadeBy: UInt16, external: UInt32, uncompressed: UInt64) throws(ArchiveError) {
        let isDirectory = name.hasSuffix("/")
        let host = versionMadeBy >> 8
        if host == 3 || host == 19 {
            let type = (external >> 16) & 0o170000
            switch type {
            case 0, 0o100000:
                break
            case 0o040000 where isDirectory:
                break
            case 0o040000:
                throw ArchiveError(code: .notRegularFile, reason: "a folder mode on an entry that is not a folder", entryPath: name)
            case 0o120000:
                throw ArchiveError(code: .symlink, reason: "the entry is a symbolic link", entryPath: name)
            default:
                throw ArchiveError(
                    code: .notRegularFile, reason: "the entry is not a regular file (Unix type \(String(type, radix: 8)))",
                    entryPath: name)
            }
        }
        if isDirectory, uncompressed != 0 {
            throw ArchiveError(code: .notRegularFile, reason: "a folder entry declares data", entryPath: name)
        }
    }

    /// Checks the local header (4.3.7) against the central one; returns where the entry's data starts and ends.
    private func readLocalHeader(
        at offset: Int, directoryOffset: Int, name: ArraySlice<UInt8>, flags: UInt16, method: UInt16, crc: UInt32,
        compressed: UInt64, uncompressed: UInt64, path: String
    ) throws(ArchiveError) -> (dataOffset: Int, dataEnd: Int) {
        func mismatch(_ what: String) -> ArchiveError {
            ArchiveError(
                code: .localHeaderMismatch, reason: "the local header's \(what) differs from the central directory's",
                entryPath: path)
        }
        var cursor = ByteCursor(bytes, offset: offset, end: directoryOffset)
        guard cursor.has(ZipLocalHeader.size), let local = try ZipLocalHeader.read(&cursor) else {
            throw ArchiveError(code: .offsetOutOfRange, reason: "no local header at offset \(offset)", entryPath: path)
        }

        guard local.name.elementsEqual(name) else { throw mismatch("name") }
        guard local.fields.method == method else { throw mismatch("method") }
        guard (local.fields.flags ^ flags) & 0x2049 == 0 else { throw mismatch("flags") }
        if flags & 0x0008 == 0 {
            guard local.fields.crc32 == crc else { throw mismatch("CRC-32") }
            var localCompressed = UInt64(local.fields.compressedSize)
            var localUncompressed = UInt64(local.fields.uncompressedSize)
            var noOffset: UInt64?
            var noDisk: UInt32?
            guard
                Zip64ExtraField.apply(
                    local.extra, uncompressed: &localUncompressed, compressed: &localCompressed, offset: &noOffset,
                    disk: &noDisk)
            else { throw mismatch("ZIP64 extra field") }
            guard localCompressed == compressed, localUncompressed == uncompressed else { throw mismatch("sizes") }
        }
        let dataOffset = cursor.offset
        guard compressed <= UInt64(directoryOffset - dataOffset) else {
            throw ArchiveError(
                code: .offsetOutOfRange, reason: "the entry's data runs into the central directory", entryPath: path)
        }
        return (dataOffset, dataOffset + Int(compressed))
    }
}
