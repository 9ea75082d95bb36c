/// CLDR's cardinal plural rules per language, the data behind `.stringsdict` plural checks and `lookup --count`.
///
/// Source: Unicode CLDR `common/supplemental/plurals.xml` at commit
/// `004469dc0e1842dac3ba0b302f7f53150f3c2d17` (the commit docs/apple-platform.md pins; CLDR 44 era, the
/// version of Apple's open-source ICU 74.1). Apple documents no CLDR version per iOS release
/// (docs/apple-platform.md P4). For each rule set the table keeps each category's condition (the rule syntax of
/// Unicode TR35 "Language Plural Rules"), the categories that have integer samples (`@integer`), because a rule
/// whose `NSStringFormatValueTypeKey` is an integer conversion can only ever select those (for example Russian
/// `other` and Czech `many` apply to decimals only), and the categories whose samples are all a million and more
/// (French `many`: 1000000, 1c6, 2c6, …).
public enum PluralCategories {
    /// The six CLDR plural category names.
    public static let all: Set<String> = ["zero", "one", "two", "few", "many", "other"]

    /// The categories of one CLDR rule set.
    public struct RuleSet: Sendable, Equatable {
        /// Every category the language uses.
        public var categories: Set<String>
        /// The categories an integer can select.
        public var integerCategories: Set<String>
        /// The categories only numbers of a million and more select (CLDR samples `1000000, 1c6, …`).
        public var millionCategories: Set<String>
        /// Each category but `other` with its TR35 condition, in CLDR order; `other` is what none selects.
        public var conditions: [(category: String, condition: String)]

        public static func == (a: RuleSet, b: RuleSet) -> Bool {
            a.categories == b.categories && a.integerCategories == b.integerCategories
                && a.millionCategories == b.millionCategories
                && a.conditions.map(\.category) == b.conditions.map(\.category)
                && a.conditions.map(\.condition) == b.conditions.map(\.condition)
        }
    }

    /// The CLDR version note shown in messages.
    public static let source = "CLDR plurals.xml @ 004469dc"

    /// The rule set for an `.lproj` name (`ru`, `pt-PT`, `zh_Hant`, `sr@latin`), or nil when CLDR has no
    /// rules for its language. `pt_PT` has its own rules; any other region or script uses the language's.
    public static func ruleSet(forLocalization name: String) -> RuleSet? {
        // An ASCII name (every real one) swaps `-` byte by byte, which is what Foundation's search does there.
        let normalized = name.utf8.allSatisfy { $0 < 0x80 }
            ? String(decoding: name.utf8.map { $0 == UInt8(ascii: "-") ? UInt8(ascii: "_") : $0 }, as: UTF8.self)
            : name.replacingOccurrences(of: "-", with: "_")
        let parts = normalized.split(whereSeparator: { $0 == "_" || $0 == "@" })
        guard let language = parts.first?.lowercased() else { return nil }
        if parts.count > 1, let exact = table["\(language)_\(parts[1])"] { return exact }
        return table[language]
    }

    /// The category CLDR selects for `count` in the localization `name`, or nil when CLDR has no rules for the
    /// language or `count` is not a number.
    ///
    /// - Parameter count: a decimal number as written, for example `1`, `1.0`, `1.5`, `1000000`, or with a
    ///   compact exponent (`1c6`, TR35 operand `c`); visible fraction digits count (`1.0` is not `1` in English).
    public static func category(for count: String, localization name: String) -> String? {
        guard let ruleSet = ruleSet(forLocalization: name), let operands = PluralOperands(count) else { return nil }
        for (category, condition) in ruleSet.conditions where PluralCondition(condition)?.matches(operands) == true {
            return category
        }
        return "other"
    }

    private static let table: [String: RuleSet] = {
        var result: [String: RuleSet] = [:]
        for (locales, conditions, integerCategories, millionCategories) in data {
            let pairs = conditions.split(separator: ";").map { item -> (category: String, condition: String) in
                let parts = item.split(separator: ":", maxSplits: 1)
                return (parts[0].trimmingCharacters(in: .whitespaces), parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
            }.filter { !$0.category.isEmpty }
            let set = RuleSet(
                categories: Set(pairs.map(\.category) + ["other"]),
                integerCategories: Set(integerCategories.split(separator: " ").map(String.init)),
                millionCategories: Set(millionCategories.split(separator: " ").map(String.init)),
                conditions: pairs)
            for locale in locales.split(separator: " ") { result[String(locale)] = set }
        }
        return result
    }()

    /// (locales, `category: condition;` for each category but other, categories with @integer samples, categories
    /// whose samples are all a million and more), in plurals.xml order.
    private static let data: [(String, String, String, String)] = [
        ("bm bo dz hnj id ig ii in ja jbo jv jw kde kea km ko lkt lo ms my nqo osa root sah ses sg su th to tpi vi wo yo yue zh",
         "", "other", ""),
        ("am as bn doi fa gu hi kn pcm zu", "one: i = 0 or n = 1", "one other", ""),
        ("ff hy kab", "one: i = 0,1", "one other", ""),
        ("ast de en et fi fy gl ia io ji lij nl sc scn sv sw ur yi", "one: i = 1 and v = 0", "one other", ""),
        ("si", "one: n = 0,1 or i = 0 and f = 1", "one other", ""),
        ("ak bho guw ln mg nso pa ti wa", "one: n = 0..1", "one other", ""),
        ("tzm", "one: n = 0..1 or n = 11..99", "one other", ""),
        ("af an asa az bal bem bez bg brx ce cgg chr ckb dv ee el eo eu fo fur gsw ha haw hu jgo jmc ka kaj kcg kk kkj kl ks ksb ku ky lb lg mas mgo ml mn mr nah nb nd ne nn nnh no nr ny nyn om or os pap ps rm rof rwk saq sd sdh seh sn so sq ss ssy st syr ta te teo tig tk tn tr ts ug uz ve vo vun wae xh xog",
         "one: n = 1", "one other", ""),
        ("da", "one: n = 1 or t != 0 and i = 0,1", "one other", ""),
        ("is", "one: t = 0 and i % 10 = 1 and i % 100 != 11 or t != 0", "one other", ""),
        ("mk", "one: v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11", "one other", ""),
        ("ceb fil tl", "one: v = 0 and i = 1,2,3 or v = 0 and i % 10 != 4,6,9 or v != 0 and f % 10 != 4,6,9",
         "one other", ""),
        ("lv prg",
         "zero: n % 10 = 0 or n % 100 = 11..19 or v = 2 and f % 100 = 11..19; one: n % 10 = 1 and n % 100 != 11 or v = 2 and f % 10 = 1 and f % 100 != 11 or v != 2 and f % 10 = 1",
         "zero one other", ""),
        ("lag", "zero: n = 0; one: i = 0,1 and n != 0", "zero one other", ""),
        ("ksh", "zero: n = 0; one: n = 1", "zero one other", ""),
        ("iu naq sat se sma smi smj smn sms", "one: n = 1; two: n = 2", "one two other", ""),
        ("shi", "one: i = 0 or n = 1; few: n = 2..10", "one few other", ""),
        ("mo ro", "one: i = 1 and v = 0; few: v != 0 or n = 0 or n % 100 = 2..19", "one few other", ""),
        ("bs hr sh sr",
         "one: v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11; few: v = 0 and i % 10 = 2..4 and i % 100 != 12..14 or f % 10 = 2..4 and f % 100 != 12..14",
         "one few other", ""),
        ("fr", "one: i = 0,1; many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5", "one many other", "many"),
        ("pt", "one: i = 0..1; many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5", "one many other", "many"),
        ("ca it pt_PT", "one: i = 1 and v = 0; many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5",
         "one many other", "many"),
        ("es", "one: n = 1; many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5", "one many other", "many"),
        ("gd", "one: n = 1,11; two: n = 2,12; few: n = 3..10,13..19", "one two few other", ""),
        ("sl", "one: v = 0 and i % 100 = 1; two: v = 0 and i % 100 = 2; few: v = 0 and i % 100 = 3..4 or v != 0",
         "one two few other", ""),
        ("dsb hsb",
         "one: v = 0 and i % 100 = 1 or f % 100 = 1; two: v = 0 and i % 100 = 2 or f % 100 = 2; few: v = 0 and i % 100 = 3..4 or f % 100 = 3..4",
         "one two few other", ""),
        ("he iw", "one: i = 1 and v = 0; two: i = 2 and v = 0; many: v = 0 and n != 0..10 and n % 10 = 0",
         "one two many other", ""),
        ("cs sk", "one: i = 1 and v = 0; few: i = 2..4 and v = 0; many: v != 0", "one few other", ""),
        ("pl",
         "one: i = 1 and v = 0; few: v = 0 and i % 10 = 2..4 and i % 100 != 12..14; many: v = 0 and i != 1 and i % 10 = 0..1 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 12..14",
         "one few many", ""),
        ("be",
         "one: n % 10 = 1 and n % 100 != 11; few: n % 10 = 2..4 and n % 100 != 12..14; many: n % 10 = 0 or n % 10 = 5..9 or n % 100 = 11..14",
         "one few many", ""),
        ("lt", "one: n % 10 = 1 and n % 100 != 11..19; few: n % 10 = 2..9 and n % 100 != 11..19; many: f != 0",
         "one few other", ""),
        ("mt", "one: n = 1; few: n = 0 or n % 100 = 2..10; many: n % 100 = 11..19", "one few many other", ""),
        ("ru uk",
         "one: v = 0 and i % 10 = 1 and i % 100 != 11; few: v = 0 and i % 10 = 2..4 and i % 100 != 12..14; many: v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14",
         "one few many", ""),
        ("br",
         "one: n % 10 = 1 and n % 100 != 11,71,91; two: n % 10 = 2 and n % 100 != 12,72,92; few: n % 10 = 3..4,9 and n % 100 != 10..19,70..79,90..99; many: n != 0 and n % 1000000 = 0",
         "one two few many other", "many"),
        ("ga", "one: n = 1; two: n = 2; few: n = 3..6; many: n = 7..10", "one two few many other", ""),
        ("gv",
         "one: v = 0 and i % 10 = 1; two: v = 0 and i % 10 = 2; few: v = 0 and i % 100 = 0,20,40,60,80; many: v != 0",
         "one two few other", ""),
        ("kw",
         "zero: n = 0; one: n = 1; two: n % 100 = 2,22,42,62,82 or n % 1000 = 0 and n % 100000 = 1000..20000,40000,60000,80000 or n != 0 and n % 1000000 = 100000; few: n % 100 = 3,23,43,63,83; many: n != 1 and n % 100 = 1,21,41,61,81",
         "zero one two few many other", ""),
        ("ar ars", "zero: n = 0; one: n = 1; two: n = 2; few: n % 100 = 3..10; many: n % 100 = 11..99",
         "zero one two few many other", ""),
        ("cy", "zero: n = 0; one: n = 1; two: n = 2; few: n = 3; many: n = 6", "zero one two few many other", ""),
    ]
}
