/// Whether a translation that reads fewer arguments than the development value leaves out only the last ones, so
/// that every argument it still reads is the one the development value reads at that place.
///
/// `String(format:)` and the lookups that format take a variable argument list; a format that reads fewer
/// arguments than are passed ignores the rest (IEEE Std 1003.1 `fprintf`, "Description": arguments left when the
/// format is exhausted are evaluated and otherwise ignored). So "Smazat?" for "Delete %@?" neither crashes nor
/// garbles; it only drops the value. Leaving out an argument before others is different: without `%n$`, every
/// later specifier reads the argument before its own, and with `%n$` the same section requires every argument
/// before the highest one read to be read too, so a gap is undefined.
///
/// It is a trailing omission when the development value reads arguments 1…n and the translation 1…k (k < n) as the
/// same types, and no other argument could be the one dropped: the translation reads none (k = 0), or names every
/// position it reads (`%1$@`), or the types tell the kept arguments apart (for "%@ and %@" → "and %@" either `%@`
/// could have been dropped, so it stays a mismatch). A translation with a `%` that starts no specifier (Qt's `%1`,
/// `%K`, a trailing `%`) or another script's percent sign (full-width `％ld` U+FF05, small U+FE6A, Arabic `٪ ld`
/// U+066A) is none either: it reads nothing there but most likely shows a specifier it meant as text.
enum TrailingOmission {
    /// The positions left out (k+1…n), or nil when the difference is anything but a trailing omission.
    /// - Parameter text: the translation's text, when it is not the whole of `format`'s source (nil: not checked).
    static func omitted(
        translation: FormatArguments, format: ParsedFormat, development: FormatArguments, text: String? = nil
    ) -> ClosedRange<Int>? {
        guard format.invalid.isEmpty else { return nil }
        if let text, text.unicodeScalars.contains(where: { $0 == "\u{FF05}" || $0 == "\u{FE6A}" || $0 == "\u{066A}" }) { return nil }
        guard translation.conflicts.isEmpty, development.conflicts.isEmpty,
              let developed = contiguousCount(development.positions),
              let kept = contiguousCount(translation.positions), kept < developed else { return nil }
        let developmentTypes = (1...developed).map { development.types[$0] }
        let keptTypes = (0..<kept).map { translation.types[$0 + 1] }
        for (mine, theirs) in zip(keptTypes, developmentTypes) where !same(mine, theirs) { return nil }
        let omitted = (kept + 1)...developed
        if kept == 0 { return omitted }
        let reads = format.specifiers.filter { !$0.isLiteralPercent }
        let positional = reads.allSatisfy { specifier in
            guard specifier.position != nil else { return false }
            for amount in [specifier.width, specifier.precision] {
                if case .argument(let position) = amount, position == nil { return false }
            }
            return true
        }
        if positional { return omitted }
        if reads.contains(where: { $0.position != nil }) { return nil }
        return latestPlaces(of: keptTypes, in: developmentTypes) == Array(1...kept) ? omitted : nil
    }

    /// n when `positions` is exactly 1…n (0 when empty), else nil.
    private static func contiguousCount(_ positions: Set<Int>) -> Int? {
        positions.isEmpty || positions == Set(1...positions.count) ? positions.count : nil
    }

    /// Equal types, or an unknown type on either side (a variable without a value type, a Swift interpolation).
    private static func same(_ a: FormatSpecifier.ArgumentType?, _ b: FormatSpecifier.ArgumentType?) -> Bool {
        a == nil || b == nil || a == b
    }

    /// The latest places (1-based) in `development` that `kept` can be matched to in order: when they are 1…k, the
    /// only order-preserving match is the first k arguments, so nothing before the last kept one was dropped.
    private static func latestPlaces(
        of kept: [FormatSpecifier.ArgumentType?], in development: [FormatSpecifier.ArgumentType?]
    ) -> [Int]? {
        var places: [Int] = []
        var limit = development.count
        for type in kept.reversed() {
            guard let place = (0..<limit).last(where: { same(type, development[$0]) }) else { return nil }
            places.append(place + 1)
            limit = place
        }
        return places.reversed()
    }
}
