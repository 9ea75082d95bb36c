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

    private func findDirectory() throws(ArchiveError) -> Directory {
        guard bytes.count >= 22 else {
            throw ArchiveError(code: .notZip, reason: "the data is too short to be a ZIP archive")
        }
        // 4.3.16: the record is 22 bytes plus a comment of up to 65,535 bytes, so it starts in the last 64 KiB + 22.
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        var endOffset: Int?
        var position = bytes.count - 22
        while position >= lowest {
            var cursor = ByteCursor(bytes, offset: position)
            if try cursor.u32() == ZipSignature.end {
                cursor.offset = position + 20
                if try position + 22 + Int(cursor.u16()) == bytes.count {
                    endOffset = position
                    break
                }
            }
            position -= 1
        }
        guard let endOffset else {
            throw ArchiveError(code: .notZip, reason: "no end of central directory record at the end of the data")
        }
        var cursor = ByteCursor(bytes, offset: endOffset + 4)
        let disk = try cursor.u16()
        let directoryDisk = try cursor.u16()
        let countOnDisk = try cursor.u16()
        let count16 = try cursor.u16()
        let size32 = try cursor.u32()
        let offset32 = try cursor.u32()

        var count = UInt64(count16)
        var size = UInt64(size32)
        var offset = UInt64(offset32)
        var directoryEnd = endOffset
        let locatorOffset = endOffset - 20
        var hasLocator = false
        if locatorOffset >= 0 {
            var probe = ByteCursor(bytes, offset: locatorOffset)
            hasLocator = try probe.u32() == ZipSignature.zip64Locator
        }
        if hasLocator {
            var locator = ByteCursor(bytes, offset: locatorOffset + 4)
            let recordDisk = try locator.u32()
            let recordOffset64 = try locator.u64()
            let totalDisks = try locator.u32()
            guard recordDisk == 0, totalDisks <= 1 else {
                throw ArchiveError(code: .multiDisk, reason: "the archive spans several disks")
            }
            guard recordOffset64 <= UInt64(locatorOffset), Int(recordOffset64) + 56 <= locatorOffset else {
                throw ArchiveError(code: .corruptDirectory, reason: "the ZIP64 locator points outside the archive")
            }
            let recordOffset = Int(recordOffset64)
            var record = ByteCursor(bytes, offset: recordOffset, end: locatorOffset)
            guard try record.u32() == ZipSignature.zip64End else {
                throw ArchiveError(code: .corruptDirectory, reason: "no ZIP64 end of central directory record")
            }
            let recordSize = try record.u64()
            guard recordSize >= 44, recordSize == UInt64(locatorOffset - recordOffset - 12) else {
                throw ArchiveError(code: .corruptDirectory, reason: "the ZIP64 end record has the wrong size")
            }
            _ = try record.u16()  // version made by
            _ = try record.u16()  // version needed
            let disk64 = try record.u32()
            let directoryDisk64 = try record.u32()
            let countOnDisk64 = try record.u64()
            count = try record.u64()
            size = try record.u64()
            offset = try record.u64()
            guard disk64 == 0, directoryDisk64 == 0, countOnDisk64 == count else {
                throw ArchiveError(code: .multiDisk, reason: "the archive spans several disks")
            }
            directoryEnd = recordOffset
        } else {
            guard disk == 0, directoryDisk == 0, countOnDisk == count16 else {
                throw ArchiveError(code: .multiDisk, reason: "the archive spans several disks")
            }
            if count16 == 0xFFFF || size32 == 0xFFFF_FFFF || offset32 == 0xFFFF_FFFF {
                throw ArchiveError(code: .corruptDirectory, reason: "ZIP64 values without a ZIP64 locator")
            }
        }
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
        guard !count.multipliedReportingOverflow(by: 46).overflow, count * 46 <= size else {
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
        guard try cursor.u32() == ZipSignature.centralFile else {
            throw ArchiveError(code: .corruptDirectory, reason: "a central directory header has a wrong signature")
        }
        let versionMadeBy = try cursor.u16()
        _ = try cursor.u16()  // version needed
        let flags = try cursor.u16()
        let method = try cursor.u16()
        _ = try cursor.u32()  // time and date
        let crc = try cursor.u32()
        let compressed32 = try cursor.u32()
        let uncompressed32 = try cursor.u32()
        let nameLength = Int(try cursor.u16())
        let extraLength = Int(try cursor.u16())
        let commentLength = Int(try cursor.u16())
        let diskStart = try cursor.u16()
        _ = try cursor.u16()  // internal attributes
        let external = try cursor.u32()
        let offset32 = try cursor.u32()
        let nameBytes = try cursor.take(nameLength)
        let extra = try cursor.take(extraLength)
        _ = try cursor.take(commentLength)

        let lossyName = String(decoding: nameBytes, as: UTF8.self)
        let ignored = ZipPathRules.isAppleMetadata(lossyName)
        func fail(_ code: ArchiveError.Code, _ reason: String) -> ArchiveError {
            ArchiveError(code: code, reason: reason, entryPath: lossyName)
        }

        var uncompressed = UInt64(uncompressed32)
        var compressed = UInt64(compressed32)
        var offset: UInt64? = UInt64(offset32)
        var disk: UInt32? = UInt32(diskStart)
        guard Self.applyZip64(extra, uncompressed: &uncompressed, compressed: &compressed, offset: &offset, disk: &disk)
        else {
            throw fail(.corruptDirectory, "the entry needs a ZIP64 extra field (4.5.3) and has none, or a short one")
        }
        guard disk == 0, let offset else { throw fail(.multiDisk, "the entry starts on another disk") }

        if !ignored {
            // Lossy decoding changes the bytes exactly when they are not valid UTF-8 (String(validating:) needs
            // macOS 15 / iOS 18).
            guard lossyName.utf8.elementsEqual(nameBytes) else {
                throw fail(.invalidName, "the name is not valid UTF-8")
            }
            let name = lossyName
            try ZipPathRules.validate(name)
            if flags & 0x0001 != 0 || flags & 0x0040 != 0 || flags & 0x2000 != 0 || method == 99 {
                throw fail(.encrypted, "the entry is encrypted")
            }
            guard method == 0 || method == 8 else {
                throw fail(.unsupportedMethod, "compression method \(method) is not stored (0) or deflate (8)")
            }
            try checkKind(name: name, versionMadeBy: versionMadeBy, external: external, uncompressed: uncompressed)
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
        guard cursor.has(30), try cursor.u32() == ZipSignature.localFile else {
            throw ArchiveError(code: .offsetOutOfRange, reason: "no local header at offset \(offset)", entryPath: path)
        }
        _ = try cursor.u16()  // version needed
        let localFlags = try cursor.u16()
        let localMethod = try cursor.u16()
        _ = try cursor.u32()  // time and date
        let localCRC = try cursor.u32()
        let localCompressed32 = try cursor.u32()
        let localUncompressed32 = try cursor.u32()
        let nameLength = Int(try cursor.u16())
        let extraLength = Int(try cursor.u16())
        let localName = try cursor.take(nameLength)
        let localExtra = try cursor.take(extraLength)

        guard localName.elementsEqual(name) else { throw mismatch("name") }
        guard localMethod == method else { throw mismatch("method") }
        guard (localFlags ^ flags) & 0x2049 == 0 else { throw mismatch("flags") }
        if flags & 0x0008 == 0 {
            guard localCRC == crc else { throw mismatch("CRC-32") }
            var localCompressed = UInt64(localCompressed32)
            var localUncompressed = UInt64(localUncompressed32)
            var noOffset: UInt64?
            var noDisk: UInt32?
            guard
                Self.applyZip64(
                    localExtra, uncompressed: &localUncompressed, compressed: &localCompressed, offset: &noOffset,
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

    /// Replaces each classic field whose value is all ones with its ZIP64 value; returns false when the needed
    /// extra field is missing or too short. Per 4.5.3 the ZIP64 field holds only those values, in the order
    /// uncompressed size, compressed size, local header offset, disk number (nil fields are not looked at).
    static func applyZip64(
        _ extra: ArraySlice<UInt8>, uncompressed: inout UInt64, compressed: inout UInt64, offset: inout UInt64?,
        disk: inout UInt32?
    ) -> Bool {
        let needsUncompressed = uncompressed == 0xFFFF_FFFF
        let needsCompressed = compressed == 0xFFFF_FFFF
        let needsOffset = offset == 0xFFFF_FFFF
        let needsDisk = disk == 0xFFFF
        guard needsUncompressed || needsCompressed || needsOffset || needsDisk else { return true }
        guard let field = extraField(ZipSignature.zip64ExtraTag, in: extra) else { return false }
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
    static func extraField(_ tag: UInt16, in extra: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
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
