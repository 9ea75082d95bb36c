import Foundation
import OTALocalizationsCore

/// ``PropertyListWriter``'s binary encoding: writes a ``PropertyListNode`` as a binary property list (`bplist00`) in a fixed, reproducible layout: the one
/// the iOS build's CopyStringsFile step leaves in the app bundle (docs/string-catalogs.md, "Output format":
/// byte-identical to Python's `plistlib.dumps(value, fmt=FMT_BINARY, sort_keys=True)` for Longhorn's 4 tables).
///
/// Layout (Apple's `CFBinaryPList.c` format): objects numbered depth-first — a dictionary, then its keys in
/// Unicode scalar order, then its values; equal strings are stored once, dictionaries never shared. Strings are
/// ASCII (`0x5`) when every scalar is below 128, else UTF-16BE (`0x6`). Object references use the smallest of
/// 1, 2, 4 or 8 bytes that holds the object count, offsets the smallest that holds the offset table's own
/// offset; the trailer is the standard 32 bytes.
enum PropertyListBinaryWriter {
    private enum Object {
        case string(String)
        case dictionary(keys: [Int], values: [Int])
    }

    static func data(_ root: PropertyListNode) -> Data {
        var objects: [Object] = []
        var stringIndex: [ScalarKey: Int] = [:]

        // Pass 1: number the objects in plistlib's order.
        func flatten(_ node: PropertyListNode) -> Int {
            switch node {
            case .string(let text):
                if let existing = stringIndex[ScalarKey(text)] { return existing }
                stringIndex[ScalarKey(text)] = objects.count
                objects.append(.string(text))
                return objects.count - 1
            case .dictionary(let members):
                let slot = objects.count
                objects.append(.dictionary(keys: [], values: []))
                let sorted = PropertyListNode.sortedMembers(members)
                let keys = sorted.map { flatten(.string($0.key)) }
                let values = sorted.map { flatten($0.value) }
                objects[slot] = .dictionary(keys: keys, values: values)
                return slot
            }
        }
        _ = flatten(root)

        // Pass 2: write.
        var out = Data("bplist00".utf8)
        let referenceSize = byteCount(for: objects.count)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(out.count)
            switch object {
            case .string(let text):
                if text.unicodeScalars.allSatisfy({ $0.value < 0x80 }) {
                    writeMarker(0x50, count: text.utf8.count, into: &out)
                    out.append(contentsOf: text.utf8)
                } else {
                    let units = Array(text.utf16)
                    writeMarker(0x60, count: units.count, into: &out)
                    for unit in units {
                        out.append(UInt8(unit >> 8))
                        out.append(UInt8(unit & 0xFF))
                    }
                }
            case .dictionary(let keys, let values):
                writeMarker(0xD0, count: keys.count, into: &out)
                for ref in keys { writeInteger(ref, size: referenceSize, into: &out) }
                for ref in values { writeInteger(ref, size: referenceSize, into: &out) }
            }
        }
        let offsetTableOffset = out.count
        let offsetSize = byteCount(for: offsetTableOffset)
        for offset in offsets { writeInteger(offset, size: offsetSize, into: &out) }
        // Trailer: 5 unused bytes, sort version, offset size, reference size, object count, top object, table offset.
        out.append(contentsOf: [0, 0, 0, 0, 0, 0])
        out.append(UInt8(offsetSize))
        out.append(UInt8(referenceSize))
        writeInteger(objects.count, size: 8, into: &out)
        writeInteger(0, size: 8, into: &out)
        writeInteger(offsetTableOffset, size: 8, into: &out)
        return out
    }

    /// The smallest of 1, 2, 4, 8 bytes holding `value` (plistlib's `_count_to_size`).
    private static func byteCount(for value: Int) -> Int {
        if value < 1 << 8 { return 1 }
        if value < 1 << 16 { return 2 }
        if value < 1 << 32 { return 4 }
        return 8
    }

    private static func writeInteger(_ value: Int, size: Int, into out: inout Data) {
        for shift in stride(from: (size - 1) * 8, through: 0, by: -8) {
            out.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }

    /// A type marker with its count: inline below 15, else `0xF` followed by an integer object.
    private static func writeMarker(_ marker: UInt8, count: Int, into out: inout Data) {
        if count < 15 {
            out.append(marker | UInt8(count))
            return
        }
        out.append(marker | 0x0F)
        let size = byteCount(for: count)
        out.append(0x10 | UInt8(size.trailingZeroBitCount))
        writeInteger(count, size: size, into: &out)
    }
}
