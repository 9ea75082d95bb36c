/// The operands of a number that CLDR plural conditions test (Unicode TR35, "Plural Operand Meanings"), read from
/// the number as written, so visible fraction digits count: `1.0` has `v = 1`, `1` has `v = 0`.
///
/// Accepted: optional `-`, digits, optionally `.` and digits, optionally a compact exponent `c` or `e` and digits
/// (`1c6`, `1.1c6` are 1000000 and 1100000 with `e = 6`); at most 18 digits in all, so every operand fits an `Int`.
struct PluralOperands: Sendable, Equatable {
    /// Integer digits of the absolute value.
    var i: Int
    /// Number of visible fraction digits, with trailing zeros.
    var v: Int
    /// Number of visible fraction digits, without trailing zeros.
    var w: Int
    /// Visible fraction digits, with trailing zeros, as an integer.
    var f: Int
    /// Visible fraction digits, without trailing zeros, as an integer.
    var t: Int
    /// The compact decimal exponent (`c` and `e` are synonyms).
    var e: Int

    /// Nil when `text` is not a number of the accepted form.
    init?(_ text: String) {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "-" { scalars = scalars.dropFirst() }
        func digits(_ part: Substring.UnicodeScalarView.SubSequence) -> Bool {
            !part.isEmpty && part.allSatisfy { ("0"..."9").contains($0) }
        }
        var exponent = 0
        if let mark = scalars.firstIndex(where: { $0 == "c" || $0 == "e" }) {
            let exponentDigits = scalars[scalars.index(after: mark)...]
            guard digits(exponentDigits), exponentDigits.count <= 2, let value = Int(String(String.UnicodeScalarView(exponentDigits))) else { return nil }
            exponent = value
            scalars = scalars[..<mark]
        }
        var integerPart = scalars
        var fractionPart = scalars[scalars.endIndex...]
        if let point = scalars.firstIndex(of: ".") {
            integerPart = scalars[..<point]
            fractionPart = scalars[scalars.index(after: point)...]
            guard digits(fractionPart) else { return nil }
        }
        guard digits(integerPart), integerPart.count + fractionPart.count + exponent <= 18 else { return nil }
        // The exponent moves the decimal point right: 1.25c1 is 12.5.
        var integerDigits = String(String.UnicodeScalarView(integerPart))
        var fractionDigits = String(String.UnicodeScalarView(fractionPart))
        for _ in 0..<exponent {
            if let first = fractionDigits.first {
                integerDigits.append(first)
                fractionDigits.removeFirst()
            } else {
                integerDigits.append("0")
            }
        }
        let trimmed = String(fractionDigits.reversed().drop(while: { $0 == "0" }).reversed())
        i = Int(integerDigits) ?? 0
        v = fractionDigits.count
        f = Int(fractionDigits) ?? 0
        w = trimmed.count
        t = Int(trimmed) ?? 0
        e = exponent
    }
}

/// One CLDR plural condition (Unicode TR35 "Plural rules syntax"): relations `operand [% modulus] (= | !=)
/// ranges` joined by `and`, and those joined by `or` (`and` binds tighter). A relation on `n` holds for a
/// non-integer only when it is `!=`: the ranges list integers.
struct PluralCondition: Sendable {
    private struct Relation: Sendable {
        var operand: Character
        var modulus: Int?
        var negated: Bool
        var ranges: [ClosedRange<Int>]
    }

    /// `or` of `and` groups.
    private let groups: [[Relation]]

    /// Nil when `text` is not in the syntax above (operands `n i v w f t c e`).
    init?(_ text: String) {
        var groups: [[Relation]] = []
        for group in text.components(separatedBy: " or ") {
            var relations: [Relation] = []
            for relationText in group.components(separatedBy: " and ") {
                let words = relationText.split(separator: " ").map(String.init)
                guard let first = words.first, first.count == 1, let operand = first.first,
                      "nivwftce".contains(operand) else { return nil }
                var position = 1
                var modulus: Int?
                if position + 1 < words.count, words[position] == "%" {
                    guard let value = Int(words[position + 1]), value > 0 else { return nil }
                    modulus = value
                    position += 2
                }
                guard position + 1 < words.count, words[position] == "=" || words[position] == "!=" else { return nil }
                let negated = words[position] == "!="
                var ranges: [ClosedRange<Int>] = []
                for item in words[(position + 1)...].joined().split(separator: ",") {
                    let bounds = item.components(separatedBy: "..")
                    guard let low = Int(bounds[0]), let high = Int(bounds.count > 1 ? bounds[1] : bounds[0]), low <= high,
                          bounds.count <= 2 else { return nil }
                    ranges.append(low...high)
                }
                guard !ranges.isEmpty else { return nil }
                relations.append(Relation(operand: operand, modulus: modulus, negated: negated, ranges: ranges))
            }
            groups.append(relations)
        }
        self.groups = groups
    }

    /// Whether `operands` satisfy the condition.
    func matches(_ operands: PluralOperands) -> Bool {
        groups.contains { group in group.allSatisfy { holds($0, operands) } }
    }

    private func holds(_ relation: Relation, _ operands: PluralOperands) -> Bool {
        let value: Int
        var integral = true
        switch relation.operand {
        case "n":
            // n is i plus the fraction: an integer value only when every visible fraction digit is 0.
            value = operands.i
            integral = operands.t == 0
        case "i": value = operands.i
        case "v": value = operands.v
        case "w": value = operands.w
        case "f": value = operands.f
        case "t": value = operands.t
        default: value = operands.e
        }
        let reduced = relation.modulus.map { value % $0 } ?? value
        let inRanges = integral && relation.ranges.contains { $0.contains(reduced) }
        return relation.negated ? !inRanges : inRanges
    }
}
