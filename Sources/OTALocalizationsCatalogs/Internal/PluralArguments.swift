import OTALocalizationsCore
import OTALocalizationsPublishing

/// The argument layout of a plural variation's cases: where the count is, which value type it has, and the
/// case strings with named arguments compiled away.
///
/// Rules (docs/string-catalogs.md, "Plural variations" and "Named arguments", where the choices are marked):
/// - The value type is the length modifier and conversion of the first numeric specifier of the `other` case,
///   else of the first case (CLDR order) that has one (`%lld` → `lld`).
/// - With one argument in every case, the format key is `%#@value@` and names are dropped (`%(n)lld` → `%lld`).
/// - With several arguments, named arguments get positions in order of first use (explicit `%2$(n)d` keeps 2),
///   and the count's position N (explicit, or its rank among the case's specifiers) goes into the key as
///   `%N$#@value@` (Xcode 26.6 experiment: `%1$@ has %2$lld item` → `%2$#@value@`).
struct PluralArguments {
    var texts: [(category: String, text: String)]
    var countPosition: Int?
    var valueType: String?
    var referencesNumber: Bool

    static func arrange(_ cases: [(category: String, text: String)]) -> PluralArguments {
        let scanned = cases.map { CatalogFormat.specifiers($0.text) }
        let referencesNumber = scanned.contains { specifiers in specifiers.contains(where: \.isNumeric) }
        let argumentCount = scanned.map(Self.argumentCount).max() ?? 0
        guard argumentCount > 1 else {
            let texts = cases.map { ($0.category, CatalogFormat.removingNames($0.text)) }
            return PluralArguments(
                texts: texts, countPosition: nil, valueType: valueType(texts), referencesNumber: referencesNumber)
        }
        // Positions for named arguments, in order of first use.
        var used = Set(scanned.flatMap { $0.compactMap(\.position) })
        var assigned: [String: Int] = [:]
        for specifiers in scanned {
            for specifier in specifiers {
                guard let name = specifier.name, assigned[name] == nil else { continue }
                if let position = specifier.position {
                    assigned[name] = position
                    continue
                }
                var next = 1
                while used.contains(next) { next += 1 }
                used.insert(next)
                assigned[name] = next
            }
        }
        let texts = cases.map { pluralCase in
            (pluralCase.category, CatalogFormat.rewrite(pluralCase.text) { specifier in
                guard let name = specifier.name else { return nil }
                return specifier.written(position: specifier.position ?? assigned[name])
            })
        }
        return PluralArguments(
            texts: texts, countPosition: countPosition(texts), valueType: valueType(texts), referencesNumber: referencesNumber)
    }

    /// Distinct arguments one string consumes: explicit positions, plus one per unpositioned specifier.
    private static func argumentCount(_ specifiers: [FormatToken]) -> Int {
        var positions = Set<Int>()
        var unpositioned = 0
        for specifier in specifiers {
            if let position = specifier.position { positions.insert(position) } else { unpositioned += 1 }
        }
        return positions.count + unpositioned
    }

    /// The texts to search for the count: `other` first, then the others in CLDR order.
    private static func searchOrder(_ texts: [(category: String, text: String)]) -> [String] {
        texts.filter { $0.category == "other" }.map(\.text) + texts.filter { $0.category != "other" }.map(\.text)
    }

    private static func valueType(_ texts: [(category: String, text: String)]) -> String? {
        for text in searchOrder(texts) {
            if let numeric = CatalogFormat.specifiers(text).first(where: \.isNumeric) { return numeric.valueType }
        }
        return nil
    }

    private static func countPosition(_ texts: [(category: String, text: String)]) -> Int? {
        for text in searchOrder(texts) {
            let specifiers = CatalogFormat.specifiers(text)
            if let rank = specifiers.firstIndex(where: \.isNumeric) {
                return specifiers[rank].position ?? (rank + 1)
            }
        }
        return nil
    }
}
