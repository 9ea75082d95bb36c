import OTALocalizationsCore
import OTALocalizationsValidation

/// What a reading of a published version has taken so far, against its ``PublishedReadLimits``: the tables' inflated
/// bytes and keys, counted table by table as they are read.
struct PublishedReadBudget {
    let limits: PublishedReadLimits
    private(set) var bytes: Int64 = 0
    private(set) var keys = 0
    /// UTF-8 bytes of every key and value parsed so far.
    private(set) var text: Int64 = 0

    init(limits: PublishedReadLimits) {
        self.limits = limits
    }

    /// Counts one inflated table.
    /// - Throws: ``PackagerError`` `configuration` once all tables together are over `maximumUncompressedBytes`.
    mutating func add(bytes count: Int, naming: PublishedBaseline.Naming) throws {
        bytes += Int64(count)
        guard bytes <= limits.maximumUncompressedBytes else {
            throw naming.error(
                "the published tables exceed \(limits.maximumUncompressedBytes) bytes inflated (maximumUncompressedBytes)")
        }
    }

    /// Counts the keys of one parsed table (an unreadable one has none), and its text: the UTF-8 bytes of every key and
    /// value as parsed, against the same `maximumUncompressedBytes` as the files. A binary property list can name one
    /// value from many keys, so a small file can hold far more text than its size, and that text is what a diff prints.
    /// - Throws: ``PackagerError`` `configuration` once all tables together hold more than `maximumKeys`, or more text
    ///   than `maximumUncompressedBytes`.
    mutating func add(keysOf content: ValidationInput.Content, naming: PublishedBaseline.Naming) throws {
        switch content {
        case .strings(let table):
            keys += table.entries.count
            for entry in table.entries { text += Int64(entry.key.utf8.count + entry.value.utf8.count) }
        case .stringsDict(let table):
            keys += table.entries.count
            for (key, value) in table.entries { text += Int64(key.utf8.count) + Self.textBytes(value) }
        case .unreadable: break
        }
        guard keys <= limits.maximumKeys else {
            throw naming.error(
                "the published tables hold more than \(limits.maximumKeys) keys (maximumKeys)")
        }
        guard text <= limits.maximumUncompressedBytes else {
            throw naming.error(
                "the published tables hold more than \(limits.maximumUncompressedBytes) bytes of text (maximumUncompressedBytes)")
        }
    }

    /// The text a `.stringsdict` value holds: its strings and dictionary keys, in UTF-8 bytes.
    private static func textBytes(_ value: PropertyListValue) -> Int64 {
        switch value {
        case .string(let text): Int64(text.utf8.count)
        case .array(let items): items.reduce(0) { $0 + textBytes($1) }
        case .dictionary(let members): members.reduce(0) { $0 + Int64($1.key.utf8.count) + textBytes($1.value) }
        default: 8
        }
    }
}
