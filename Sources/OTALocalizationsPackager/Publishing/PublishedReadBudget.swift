import OTALocalizationsValidation

/// What a reading of a published version has taken so far, against its ``PublishedReadLimits``: the tables' inflated
/// bytes and keys, counted table by table as they are read.
struct PublishedReadBudget {
    let limits: PublishedReadLimits
    private(set) var bytes: Int64 = 0
    private(set) var keys = 0

    init(limits: PublishedReadLimits) {
        self.limits = limits
    }

    /// Counts one inflated table.
    /// - Throws: ``PackagerError`` `configuration` once all tables together are over `maximumUncompressedBytes`.
    mutating func add(bytes count: Int, naming: PublishedBaseline.Naming) throws {
        bytes += Int64(count)
        guard bytes <= limits.maximumUncompressedBytes else {
            throw PackagerError(code: .configuration, reason: naming.reason(
                "the published tables exceed \(limits.maximumUncompressedBytes) bytes inflated (maximumUncompressedBytes)"))
        }
    }

    /// Counts the keys of one parsed table (an unreadable one has none).
    /// - Throws: ``PackagerError`` `configuration` once all tables together hold more than `maximumKeys`.
    mutating func add(keysOf content: ValidationInput.Content, naming: PublishedBaseline.Naming) throws {
        switch content {
        case .strings(let table): keys += table.entries.count
        case .stringsDict(let table): keys += table.entries.count
        case .unreadable: break
        }
        guard keys <= limits.maximumKeys else {
            throw PackagerError(code: .configuration, reason: naming.reason(
                "the published tables hold more than \(limits.maximumKeys) keys (maximumKeys)"))
        }
    }
}
