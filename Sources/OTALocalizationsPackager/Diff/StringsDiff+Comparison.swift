extension StringsDiff {
    /// Compares two sides table by table and key by key.
    ///
    /// A table only on one side lists all its keys as added (new side) or removed (published side), and so do the
    /// tables of a localization or a module only on one side; ``Presence`` says at which level it starts. A table
    /// that one side cannot read is listed with the reason and its keys are not compared.
    public init(published: StringsSnapshot, new: StringsSnapshot) {
        let ids = Set(published.tables.keys).union(new.tables.keys)
        let sides = (published: Sides(published), new: Sides(new))
        var modules: [Module] = []
        let byModule = Dictionary(grouping: ids, by: \.module)
        for (moduleName, moduleIDs) in byModule.sorted(by: { $0.key < $1.key }) {
            var localizations: [Localization] = []
            for (localization, tableIDs) in Dictionary(grouping: moduleIDs, by: \.localization).sorted(by: { $0.key < $1.key }) {
                let tables = tableIDs.sorted().compactMap { Self.table($0, published: published.tables[$0], new: new.tables[$0]) }
                guard !tables.isEmpty else { continue }
                let key = Sides.LocalizationKey(module: moduleName, localization: localization)
                let presence = Self.presence(
                    published: sides.published.localizations.contains(key), new: sides.new.localizations.contains(key))
                localizations.append(Localization(name: localization, presence: presence, tables: tables))
            }
            guard !localizations.isEmpty else { continue }
            let presence = Self.presence(
                published: sides.published.modules.contains(moduleName), new: sides.new.modules.contains(moduleName))
            modules.append(Module(name: moduleName, presence: presence, localizations: localizations))
        }
        self.init(modules: modules, comparedModules: byModule.count)
    }

    /// The modules and localizations one side has.
    private struct Sides {
        struct LocalizationKey: Hashable {
            var module: String
            var localization: String
        }

        var modules: Set<String> = []
        var localizations: Set<LocalizationKey> = []

        init(_ snapshot: StringsSnapshot) {
            for id in snapshot.tables.keys {
                modules.insert(id.module)
                localizations.insert(LocalizationKey(module: id.module, localization: id.localization))
            }
        }
    }

    private static func presence(published: Bool, new: Bool) -> Presence {
        published && new ? .both : (published ? .publishedOnly : .newOnly)
    }

    /// The table's differences, or nil when it is the same on both sides.
    private static func table(
        _ id: StringsSnapshot.TableID, published: StringsSnapshot.Table?, new: StringsSnapshot.Table?
    ) -> Table? {
        let presence = Self.presence(published: published != nil, new: new != nil)
        let unreadable = (published?.unreadableReason, new?.unreadableReason)
        if unreadable.0 != nil || unreadable.1 != nil {
            return Table(fileName: id.fileName, presence: presence, publishedUnreadable: unreadable.0, newUnreadable: unreadable.1,
                         keys: [], catalog: new?.catalog)
        }
        let keys = Self.keys(published: published?.entries ?? [:], new: new?.entries ?? [:])
        guard !keys.isEmpty else { return nil }
        return Table(fileName: id.fileName, presence: presence, publishedUnreadable: nil, newUnreadable: nil, keys: keys,
                     catalog: new?.catalog)
    }

    /// The keys whose values differ, sorted by key.
    static func keys(published: [String: StringsValue], new: [String: StringsValue]) -> [Key] {
        Set(published.keys).union(new.keys).sorted().compactMap { key in
            switch (published[key], new[key]) {
            case (nil, let added?):
                return Key(key: key, change: .added, values: added.sortedPaths.map { Value(path: $0, published: nil, new: added.leaves[$0]) })
            case (let removed?, nil):
                return Key(key: key, change: .removed, values: removed.sortedPaths.map { Value(path: $0, published: removed.leaves[$0], new: nil) })
            case (let old?, let current?) where old != current:
                let paths = Set(old.leaves.keys).union(current.leaves.keys).sorted(by: StringsValue.readingOrder)
                let values = paths.compactMap { path in
                    old.leaves[path] == current.leaves[path] ? nil : Value(path: path, published: old.leaves[path], new: current.leaves[path])
                }
                return Key(key: key, change: .changed, values: values)
            default:
                return nil
            }
        }
    }
}
