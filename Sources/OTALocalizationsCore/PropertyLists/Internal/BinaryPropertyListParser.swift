import Foundation

/// A reader for Apple's binary property-list format (`bplist00`), checking every offset, count and reference.
///
/// Layout (facts from Apple's open-source `CFBinaryPList.c`): an 8-byte header `bplist00`; objects; an offset
/// table; a 32-byte trailer (6 unused bytes, offset-integer size, object-reference size, then big-endian 64-bit
/// object count, top object index and offset-table offset). Each object starts with a marker byte whose high
/// nibble is its type and low nibble its size or count (0xF: the count follows as an integer object):
/// 0x08/0x09 false/true, 0x1n integer of 2^n bytes (1, 2 and 4 bytes unsigned, 8 and 16 bytes signed),
/// 0x2n real of 2^n bytes, 0x33 date (seconds since 2001-01-01 as a double), 0x4n data, 0x5n ASCII string,
/// 0x6n UTF-16BE string (count in code units), 0xAn array, 0xDn dictionary (key references, then value references).
/// Null, fill, UID and set objects are not property-list values and are rejected. Cycles, references or offsets out
/// of range, counts larger than the file, nesting deeper than ``maximumPropertyListDepth`` (also when reached
/// through an object shared by several containers) and values whose
/// expanded size exceeds ``maximumExpandedObjects`` (shared objects referenced many times) are errors.
struct BinaryPropertyListParser {
    /// Upper bound on the number of values in the expanded tree (shared objects counted at each use).
    static let maximumExpandedObjects = 10_000_000

    private let bytes: [UInt8]
    private let path: String
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let offsetTableStart: Int
    private var decoded: [PropertyListValue?]
    private var expandedSizes: [Int]
    /// Nesting height of each decoded object (1 for a scalar), so a shared object reused deep down still counts.
    private var heights: [Int]
    private var inProgress: [Bool]

    /// Whether `bytes` start with `bplist`, so that CF would read them as a binary property list.
    static func hasSignature(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 6 && bytes[0..<6].elementsEqual(Array("bplist".utf8))
    }

    static func parse(_ bytes: [UInt8], path: String) throws(TableError) -> ParsedPropertyList {
        var parser = try BinaryPropertyListParser(bytes: bytes, path: path)
        return try parser.parseRoot()
    }

    private init(bytes: [UInt8], path: String) throws(TableError) {
        self.bytes = bytes
        self.path = path
        let fail = { (reason: String) in TableError(code: .propertyList, reason: reason, path: path) }
        guard bytes.count >= 8 + 32 else {
            throw fail("binary property list too short (\(bytes.count) bytes; the header and trailer alone take 40)")
        }
        guard bytes[0..<8].elementsEqual(Array("bplist00".utf8)) else {
            throw fail("unsupported binary property list version (expected the header 'bplist00')")
        }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        let objectCount = Self.bigEndian(bytes, at: trailer + 8, size: 8)
        let topObject = Self.bigEndian(bytes, at: trailer + 16, size: 8)
        let tableOffset = Self.bigEndian(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw fail("binary property list trailer has invalid sizes (offsets \(offsetSize) bytes, references \(referenceSize) bytes; expected 1-8)")
        }
        guard objectCount >= 1, objectCount <= UInt64(bytes.count) else {
            throw fail("binary property list claims \(objectCount) objects in a \(bytes.count)-byte file")
        }
        guard topObject < objectCount else {
            throw fail("binary property list's top object \(topObject) is out of range (\(objectCount) objects)")
        }
        guard tableOffset >= 9, tableOffset < UInt64(trailer),
              UInt64(trailer) - tableOffset >= objectCount * UInt64(offsetSize) else {
            throw fail("binary property list's offset table (at \(tableOffset), \(objectCount) entries of \(offsetSize) bytes) does not fit before the trailer")
        }
        self.offsetSize = offsetSize
        self.referenceSize = referenceSize
        self.objectCount = Int(objectCount)
        self.offsetTableStart = Int(tableOffset)
        self.decoded = Array(repeating: nil, count: Int(objectCount))
        self.expandedSizes = Array(repeating: 0, count: Int(objectCount))
        self.heights = Array(repeating: 1, count: Int(objectCount))
        self.inProgress = Array(repeating: false, count: Int(objectCount))
        self.topObject = Int(topObject)
    }

    private let topObject: Int

    private mutating func parseRoot() throws(TableError) -> ParsedPropertyList {
        let value = try decode(topObject, depth: 1)
        guard expandedSizes[topObject] <= Self.maximumExpandedObjects else {
            throw failure("binary property list expands to more than \(Self.maximumExpandedObjects) values (objects shared too many times)")
        }
        var entries: [ParsedPropertyList.TopLevelEntry]?
        if case .dictionary = value {
            // Re-read the root's references to keep file order and duplicates.
            let offset = try objectOffset(topObject)
            let (count, start) = try countAndStart(at: offset)
            var list: [ParsedPropertyList.TopLevelEntry] = []
            list.reserveCapacity(count)
            for position in 0..<count {
                let keyRef = try reference(at: start + position * referenceSize)
                let valueRef = try reference(at: start + (count + position) * referenceSize)
                guard case .string(let key) = try decode(keyRef, depth: 2) else { continue }
                list.append(ParsedPropertyList.TopLevelEntry(key: key, value: try decode(valueRef, depth: 2), line: 0))
            }
            entries = list
        }
        return ParsedPropertyList(value: value, topLevelEntries: entries, rootLine: 0)
    }

    /// What one object decoded to: its value, the number of values it expands to (itself included, shared objects
    /// counted at each use) and its nesting height (1 for a scalar).
    private typealias Decoded = (value: PropertyListValue, size: Int, height: Int)

    /// Decodes object `object` (once: a shared object is decoded at its first use and reused), `depth` levels down
    /// from the root (1 for the root).
    private mutating func decode(_ object: Int, depth: Int) throws(TableError) -> PropertyListValue {
        guard object >= 0, object < objectCount else {
            throw failure("binary property list refers to object \(object), but it has \(objectCount)")
        }
        if let value = decoded[object] {
            guard depth - 1 + heights[object] <= maximumPropertyListDepth else {
                throw failure("binary property list nested deeper than \(maximumPropertyListDepth) levels (through a shared object)")
            }
            return value
        }
        guard depth <= maximumPropertyListDepth else {
            throw failure("binary property list nested deeper than \(maximumPropertyListDepth) levels")
        }
        guard !inProgress[object] else {
            throw failure("binary property list object \(object) contains itself (a reference cycle)")
        }
        inProgress[object] = true
        defer { inProgress[object] = false }
        let offset = try objectOffset(object)
        let marker = bytes[offset]
        let result: Decoded
        switch marker >> 4 {
        case 0x0: result = (try boolean(marker, object: object), 1, 1)
        case 0x1: result = (.integer(try integer(at: offset, object: object)), 1, 1)
        case 0x2: result = (try real(at: offset, object: object), 1, 1)
        case 0x3: result = (try date(at: offset, object: object), 1, 1)
        case 0x4: result = (try data(at: offset, object: object), 1, 1)
        case 0x5: result = (try asciiString(at: offset, object: object), 1, 1)
        case 0x6: result = (try utf16String(at: offset, object: object), 1, 1)
        case 0xA: result = try array(object, at: offset, depth: depth)
        case 0xD: result = try dictionary(object, at: offset, depth: depth)
        default:
            let kind = marker >> 4 == 0x8 ? "a UID" : marker >> 4 == 0xC ? "a set" : "of unknown type"
            throw failure("binary property list object \(object) (marker 0x\(hex(marker, digits: 2))) is \(kind), which is no property-list value")
        }
        guard result.size <= Self.maximumExpandedObjects else {
            throw failure("binary property list expands to more than \(Self.maximumExpandedObjects) values (objects shared too many times)")
        }
        expandedSizes[object] = result.size
        heights[object] = result.height
        decoded[object] = result.value
        return result.value
    }

    // MARK: Objects, one kind each

    /// `0x08` false or `0x09` true; the other `0x0n` markers (null, fill) are no property-list value.
    private func boolean(_ marker: UInt8, object: Int) throws(TableError) -> PropertyListValue {
        switch marker {
        case 0x08: return .bool(false)
        case 0x09: return .bool(true)
        default: throw failure("binary property list object \(object) has marker 0x\(hex(marker, digits: 2)) (null or fill), which is no property-list value")
        }
    }

    /// `0x22` a 4-byte or `0x23` an 8-byte big-endian IEEE 754 real.
    private func real(at offset: Int, object: Int) throws(TableError) -> PropertyListValue {
        let low = Int(bytes[offset] & 0x0F)
        guard low == 2 || low == 3 else {
            throw failure("binary property list object \(object) is a real of \(1 << min(low, 15)) bytes (expected 4 or 8)")
        }
        let width = 1 << low
        let raw = try read(offset + 1, width, object: object)
        return .real(low == 2 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw))) : Double(bitPattern: raw))
    }

    /// `0x33` a date: seconds since 2001-01-01 as an 8-byte real.
    private func date(at offset: Int, object: Int) throws(TableError) -> PropertyListValue {
        let marker = bytes[offset]
        guard marker == 0x33 else {
            throw failure("binary property list object \(object) has marker 0x\(hex(marker, digits: 2)) (expected 0x33 for a date)")
        }
        let raw = try read(offset + 1, 8, object: object)
        return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: raw)))
    }

    /// `0x4n` data of n bytes (or a count that follows).
    private func data(at offset: Int, object: Int) throws(TableError) -> PropertyListValue {
        let (count, start) = try countAndStart(at: offset)
        try checkRange(start, count, object: object)
        return .data(Data(bytes[start..<(start + count)]))
    }

    /// `0x5n` an ASCII string of n bytes (or a count that follows).
    private func asciiString(at offset: Int, object: Int) throws(TableError) -> PropertyListValue {
        let (count, start) = try countAndStart(at: offset)
        try checkRange(start, count, object: object)
        let slice = bytes[start..<(start + count)]
        guard slice.allSatisfy({ $0 < 0x80 }) else {
            throw failure("binary property list object \(object) is an ASCII string holding non-ASCII bytes")
        }
        return .string(String(decoding: slice, as: UTF8.self))
    }

    /// `0x6n` a UTF-16BE string of n code units (or a count that follows).
    private func utf16String(at offset: Int, object: Int) throws(TableError) -> PropertyListValue {
        let (count, start) = try countAndStart(at: offset)
        guard count <= (offsetTableStart - start) / 2 else {
            throw failure("binary property list object \(object) (a UTF-16 string of \(count) units) runs past the object area")
        }
        var units: [UInt16] = []
        units.reserveCapacity(count)
        var cursor = ByteCursor(bytes, offset: start, end: offsetTableStart)
        while units.count < count, let unit = cursor.read(2, .bigEndian) {
            units.append(UInt16(truncatingIfNeeded: unit))
        }
        return .string(String(decoding: units, as: UTF16.self))
    }

    /// `0xAn` an array of n object references (or a count that follows), each decoded one level deeper.
    private mutating func array(_ object: Int, at offset: Int, depth: Int) throws(TableError) -> Decoded {
        let (count, start) = try countAndStart(at: offset)
        guard count <= (offsetTableStart - start) / referenceSize else {
            throw failure("binary property list object \(object) (an array of \(count) items) runs past the object area")
        }
        var size = 1
        var height = 1
        var items: [PropertyListValue] = []
        items.reserveCapacity(count)
        for position in 0..<count {
            let child = try reference(at: start + position * referenceSize)
            items.append(try decode(child, depth: depth + 1))
            size = Self.saturatingAdd(size, expandedSizes[child])
            height = max(height, heights[child] + 1)
        }
        return (.array(items), size, height)
    }

    /// `0xDn` a dictionary of n entries (or a count that follows): n key references, then n value references; keys
    /// must be strings, and a later duplicate key wins.
    private mutating func dictionary(_ object: Int, at offset: Int, depth: Int) throws(TableError) -> Decoded {
        let (count, start) = try countAndStart(at: offset)
        guard count <= (offsetTableStart - start) / referenceSize / 2 else {
            throw failure("binary property list object \(object) (a dictionary of \(count) entries) runs past the object area")
        }
        var size = 1
        var height = 1
        var dictionary: [String: PropertyListValue] = [:]
        dictionary.reserveCapacity(count)
        for position in 0..<count {
            let keyRef = try reference(at: start + position * referenceSize)
            let valueRef = try reference(at: start + (count + position) * referenceSize)
            guard case .string(let key) = try decode(keyRef, depth: depth + 1) else {
                throw failure("binary property list object \(object) is a dictionary with a key that is not a string")
            }
            dictionary[key] = try decode(valueRef, depth: depth + 1)
            size = Self.saturatingAdd(size, Self.saturatingAdd(expandedSizes[keyRef], expandedSizes[valueRef]))
            height = max(height, heights[valueRef] + 1)
        }
        return (.dictionary(dictionary), size, height)
    }

    // MARK: Reading

    private func objectOffset(_ object: Int) throws(TableError) -> Int {
        let raw = Self.bigEndian(bytes, at: offsetTableStart + object * offsetSize, size: offsetSize)
        guard raw >= 8, raw < UInt64(offsetTableStart) else {
            throw failure("binary property list object \(object) has offset \(raw), outside the object area (8..<\(offsetTableStart))")
        }
        return Int(raw)
    }

    private func reference(at position: Int) throws(TableError) -> Int {
        guard position >= 0, position + referenceSize <= offsetTableStart else {
            throw failure("binary property list object reference at \(position) runs past the object area")
        }
        let raw = Self.bigEndian(bytes, at: position, size: referenceSize)
        guard raw < UInt64(objectCount) else {
            throw failure("binary property list refers to object \(raw), but it has \(objectCount)")
        }
        return Int(raw)
    }

    /// The element count of the object at `offset` and where its payload starts.
    private func countAndStart(at offset: Int) throws(TableError) -> (count: Int, start: Int) {
        let low = Int(bytes[offset] & 0x0F)
        if low != 0x0F { return (low, offset + 1) }
        let countOffset = offset + 1
        guard countOffset < offsetTableStart, bytes[countOffset] >> 4 == 0x1 else {
            throw failure("binary property list object at offset \(offset) has a malformed count (expected an integer marker after it)")
        }
        let width = 1 << Int(bytes[countOffset] & 0x0F)
        guard width <= 8 else { throw failure("binary property list count at offset \(countOffset) is wider than 8 bytes") }
        let raw = try read(countOffset + 1, width, object: nil)
        guard raw <= UInt64(bytes.count) else {
            throw failure("binary property list object at offset \(offset) claims \(raw) elements in a \(bytes.count)-byte file")
        }
        return (Int(raw), countOffset + 1 + width)
    }

    private func integer(at offset: Int, object: Int) throws(TableError) -> Int64 {
        let low = Int(bytes[offset] & 0x0F)
        switch low {
        case 0, 1, 2:
            return Int64(try read(offset + 1, 1 << low, object: object))
        case 3:
            return Int64(bitPattern: try read(offset + 1, 8, object: object))
        case 4:
            let high = try read(offset + 1, 8, object: object)
            let lowWord = try read(offset + 9, 8, object: object)
            let value = Int64(bitPattern: lowWord)
            guard (high == 0 && value >= 0) || (high == UInt64.max && value < 0) else {
                throw failure("binary property list object \(object) is an integer outside the 64-bit signed range")
            }
            return value
        default:
            throw failure("binary property list object \(object) is an integer of \(1 << min(low, 15)) bytes (expected 1, 2, 4, 8 or 16)")
        }
    }

    /// A big-endian unsigned value of `width` (1-8) bytes at `position`, inside the object area.
    private func read(_ position: Int, _ width: Int, object: Int?) throws(TableError) -> UInt64 {
        var cursor = ByteCursor(bytes, offset: position, end: offsetTableStart)
        guard let value = cursor.read(width, .bigEndian) else {
            let which = object.map { "object \($0)" } ?? "a count"
            throw failure("binary property list \(which) runs past the object area")
        }
        return value
    }

    private func checkRange(_ start: Int, _ count: Int, object: Int) throws(TableError) {
        guard count <= offsetTableStart - start else {
            throw failure("binary property list object \(object) (\(count) bytes) runs past the object area")
        }
    }

    /// Callers guarantee `position + size <= bytes.count` and `size <= 8`.
    private static func bigEndian(_ bytes: [UInt8], at position: Int, size: Int) -> UInt64 {
        var cursor = ByteCursor(bytes, offset: position)
        return cursor.read(size, .bigEndian) ?? 0
    }

    private static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    private func failure(_ reason: String) -> TableError {
        TableError(code: .propertyList, reason: reason, path: path)
    }
}
