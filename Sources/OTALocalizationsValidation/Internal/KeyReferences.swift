/// The Swift-source references of one table during one localization's comparison, and the keys it met that have
/// no development value at all (neither in the development table nor in the sources).
struct KeyReferences {
    let table: String
    let sources: SourceReferences
    /// Keys with no development value anywhere.
    private(set) var unvalued: Set<String> = []

    init(table: String, sources: SourceReferences) {
        self.table = table
        self.sources = sources
    }

    /// The source value of `key`, a key the development table lacks; nil (and the key counted) when there is none.
    mutating func reference(for key: String) -> SourceReferences.Reference? {
        guard let found = sources[table, key] else {
            unvalued.insert(key)
            return nil
        }
        return found
    }
}
