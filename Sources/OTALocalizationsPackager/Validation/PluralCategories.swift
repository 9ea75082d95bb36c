/// CLDR's cardinal plural categories per language, the data behind `.stringsdict` plural checks.
///
/// Source: Unicode CLDR `common/supplemental/plurals.xml` at commit
/// `004469dc0e1842dac3ba0b302f7f53150f3c2d17` (the commit APPLE-BUNDLE.md pins; CLDR 44 era, the
/// version of Apple's open-source ICU 74.1). Apple documents no CLDR version per iOS release
/// (APPLE-BUNDLE.md row 5.5). For each rule set the table keeps every category and the categories that
/// have integer samples (`@integer`), because a rule whose `NSStringFormatValueTypeKey` is an integer
/// conversion can only ever select those (for example Russian `other` and Czech `many` apply to
/// decimals only).
public enum PluralCategories {
    /// The six CLDR plural category names.
    public static let all: Set<String> = ["zero", "one", "two", "few", "many", "other"]

    /// The categories of one CLDR rule set.
    public struct RuleSet: Sendable, Equatable {
        /// Every category the language uses.
        public var categories: Set<String>
        /// The categories an integer can select.
        public var integerCategories: Set<String>
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

    private static let table: [String: RuleSet] = {
        var result: [String: RuleSet] = [:]
        for (locales, categories, integerCategories) in data {
            let set = RuleSet(
                categories: Set(categories.split(separator: " ").map(String.init)),
                integerCategories: Set(integerCategories.split(separator: " ").map(String.init)))
            for locale in locales.split(separator: " ") { result[String(locale)] = set }
        }
        return result
    }()

    /// (locales, categories, categories with @integer samples), in plurals.xml order.
    private static let data: [(String, String, String)] = [
        ("bm bo dz hnj id ig ii in ja jbo jv jw kde kea km ko lkt lo ms my nqo osa root sah ses sg su th to tpi vi wo yo yue zh",
         "other", "other"),
        ("am as bn doi fa gu hi kn pcm zu", "one other", "one other"),
        ("ff hy kab", "one other", "one other"),
        ("ast de en et fi fy gl ia io ji lij nl sc scn sv sw ur yi", "one other", "one other"),
        ("si", "one other", "one other"),
        ("ak bho guw ln mg nso pa ti wa", "one other", "one other"),
        ("tzm", "one other", "one other"),
        ("af an asa az bal bem bez bg brx ce cgg chr ckb dv ee el eo eu fo fur gsw ha haw hu jgo jmc ka kaj kcg kk kkj kl ks ksb ku ky lb lg mas mgo ml mn mr nah nb nd ne nn nnh no nr ny nyn om or os pap ps rm rof rwk saq sd sdh seh sn so sq ss ssy st syr ta te teo tig tk tn tr ts ug uz ve vo vun wae xh xog",
         "one other", "one other"),
        ("da", "one other", "one other"),
        ("is", "one other", "one other"),
        ("mk", "one other", "one other"),
        ("ceb fil tl", "one other", "one other"),
        ("lv prg", "zero one other", "zero one other"),
        ("lag", "zero one other", "zero one other"),
        ("ksh", "zero one other", "zero one other"),
        ("iu naq sat se sma smi smj smn sms", "one two other", "one two other"),
        ("shi", "one few other", "one few other"),
        ("mo ro", "one few other", "one few other"),
        ("bs hr sh sr", "one few other", "one few other"),
        ("fr", "one many other", "one many other"),
        ("pt", "one many other", "one many other"),
        ("ca it pt_PT", "one many other", "one many other"),
        ("es", "one many other", "one many other"),
        ("gd", "one two few other", "one two few other"),
        ("sl", "one two few other", "one two few other"),
        ("dsb hsb", "one two few other", "one two few other"),
        ("he iw", "one two many other", "one two many other"),
        ("cs sk", "one few many other", "one few other"),
        ("pl", "one few many other", "one few many"),
        ("be", "one few many other", "one few many"),
        ("lt", "one few many other", "one few other"),
        ("mt", "one few many other", "one few many other"),
        ("ru uk", "one few many other", "one few many"),
        ("br", "one two few many other", "one two few many other"),
        ("ga", "one two few many other", "one two few many other"),
        ("gv", "one two few many other", "one two few other"),
        ("kw", "zero one two few many other", "zero one two few many other"),
        ("ar ars", "zero one two few many other", "zero one two few many other"),
        ("cy", "zero one two few many other", "zero one two few many other"),
    ]
}
