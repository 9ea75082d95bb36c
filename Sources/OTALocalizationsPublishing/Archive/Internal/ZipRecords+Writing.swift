import OTALocalizationsCore

// Writing ZIP records is CI's (``ZipWriter``); devices only read them (OTALocalizationsCore's `ZipRecords/`).

extension Zip64EndRecord {
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

extension Zip64EndLocator {
    /// Appends the locator to `bytes`.
    func write(to bytes: inout [UInt8]) {
        bytes.appendLE(Self.signature)
        bytes.appendLE(recordDisk)
        bytes.appendLE(recordOffset)
        bytes.appendLE(totalDisks)
    }
}

extension Zip64ExtraField {
    /// The field (tag, size, values in order), or no bytes when it holds no value.
    var bytes: [UInt8] {
        var data: [UInt8] = []
        if let uncompressedSize { data.appendLE(uncompressedSize) }
        if let compressedSize { data.appendLE(compressedSize) }
        if let localHeaderOffset { data.appendLE(localHeaderOffset) }
        guard !data.isEmpty else { return [] }
        var field: [UInt8] = []
        field.appendLE(Self.tag)
        field.appendLE(UInt16(data.count))
        return field + data
    }
}

extension ZipCentralHeader {
    /// Appends the header, name, extra field and comment to `bytes`; the comment's length must fit 16 bits.
    func write(to bytes: inout [UInt8]) {
        bytes.appendLE(Self.signature)
        bytes.appendLE(versionMadeBy)
        fields.write(to: &bytes, name: name, extra: extra)
        bytes.appendLE(UInt16(comment.count))
        bytes.appendLE(diskStart)
        bytes.appendLE(internalAttributes)
        bytes.appendLE(externalAttributes)
        bytes.appendLE(localHeaderOffset)
        bytes.append(contentsOf: name)
        bytes.append(contentsOf: extra)
        bytes.append(contentsOf: comment)
    }
}

extension ZipEndRecord {
    /// Appends the record (with no comment bytes) to `bytes`.
    func write(to bytes: inout [UInt8]) {
        bytes.appendLE(Self.signature)
        bytes.appendLE(disk)
        bytes.appendLE(directoryDisk)
        bytes.appendLE(entriesOnDisk)
        bytes.appendLE(entries)
        bytes.appendLE(directorySize)
        bytes.appendLE(directoryOffset)
        bytes.appendLE(commentLength)
    }
}

extension ZipFileHeaderFields {
    /// Appends the fields and the lengths of `name` and `extra`, which must fit 16 bits.
    func write(to bytes: inout [UInt8], name: ArraySlice<UInt8>, extra: ArraySlice<UInt8>) {
        bytes.appendLE(versionNeeded)
        bytes.appendLE(flags)
        bytes.appendLE(method)
        bytes.appendLE(time)
        bytes.appendLE(date)
        bytes.appendLE(crc32)
        bytes.appendLE(compressedSize)
        bytes.appendLE(uncompressedSize)
        bytes.appendLE(UInt16(name.count))
        bytes.appendLE(UInt16(extra.count))
    }
}

extension ZipLocalHeader {
    /// Appends the header, name and extra field to `bytes`.
    func write(to bytes: inout [UInt8]) {
        bytes.appendLE(Self.signature)
        fields.write(to: &bytes, name: name, extra: extra)
        bytes.append(contentsOf: name)
        bytes.append(contentsOf: extra)
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
