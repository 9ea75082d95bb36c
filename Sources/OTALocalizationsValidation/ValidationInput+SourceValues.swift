extension ValidationInput {
    /// Whether a translation has a key that its development table lacks (or there is no development table to compare
    /// with), so ``sourceValues`` could give it a reference: reading the module's Swift sources is worth it only then.
    ///
    /// Reads nothing; the tables are already parsed.
    public var needsSourceValues: Bool {
        let index = TableIndex(self)
        let development = index.developmentLocalization(for: developmentRegion)
        let developmentTables = development.flatMap { index.tables[$0] } ?? [:]
        for (localization, tables) in index.tables where localization != development {
            for (name, pair) in tables {
                guard let reference = developmentTables[name] else {
                    if !pair.keys.isEmpty { return true }
                    continue
                }
                let known = reference.keys
                if !pair.keys.isSubset(of: known) { return true }
            }
        }
        return false
    }
}
