extension ValidationDiagnostic.Code {
    // MARK: Files that Apple's runtime cannot read (never baselined)

    /// The table does not parse (old-style syntax, malformed property list); Apple empties the whole
    /// table (docs/apple-platform.md F6, E3). Error.
    public static let parseError = Self(rawValue: "parse-error")
    /// The bytes are in no encoding Apple reads (UTF-8, UTF-16/32 with a BOM); BOM-less UTF-16 is misread
    /// (docs/apple-platform.md E2). Error.
    public static let encoding = Self(rawValue: "encoding")

    // MARK: Keys and values

    /// A key defined twice in one `.strings` table with different values; Apple keeps the last. Error.
    public static let duplicateKey = Self(rawValue: "duplicate-key")
    /// A key defined twice with the same value. Warning.
    public static let duplicateKeySameValue = Self(rawValue: "duplicate-key-same-value")
    /// A translation whose printf arguments differ from the development region's value. Error.
    public static let formatSpecifierMismatch = Self(rawValue: "format-specifier-mismatch")
    /// A translation that reads the development value's arguments except the last ones ("Smazat?" for "Delete
    /// %@?"): `String(format:)` ignores arguments a format does not read, so nothing shifts or crashes, but the value
    /// is not shown. Warning. Leaving out an argument that others follow stays a ``formatSpecifierMismatch``.
    public static let trailingArgumentOmitted = Self(rawValue: "trailing-argument-omitted")
    /// A key of the development region's table that a translation of the table lacks (no per-key
    /// fallback: docs/apple-platform.md F2). Warning.
    public static let missingKey = Self(rawValue: "missing-key")
    /// Keys of a table that translations have and that have no development value, neither in the development
    /// region's table nor in the module's Swift sources (`NSLocalizedString`'s `value:`, `defaultValue:`): their
    /// formats were not checked. One finding per module and table, the keys in its value. Warning.
    public static let developmentValueMissing = Self(rawValue: "development-value-missing")
    /// An empty value. Warning.
    public static let emptyValue = Self(rawValue: "empty-value")
    /// A translation equal to its key where the development value is not the key. Warning.
    public static let valueEqualsKey = Self(rawValue: "value-equals-key")
    /// A translation that adds or drops leading/trailing whitespace or a trailing newline. Warning.
    public static let whitespaceMismatch = Self(rawValue: "whitespace-mismatch")

    // MARK: .stringsdict structure (the entry cannot be formatted as written)

    /// An entry that is neither a string nor a dictionary of a known shape. Error.
    public static let stringsDictMalformedEntry = Self(rawValue: "stringsdict-malformed-entry")
    /// An entry dictionary without `NSStringLocalizedFormatKey`. Error.
    public static let stringsDictMissingFormatKey = Self(rawValue: "stringsdict-missing-format-key")
    /// A `%#@name@` with no rule dictionary `name`. Error.
    public static let stringsDictUndefinedVariable = Self(rawValue: "stringsdict-undefined-variable")
    /// A rule without `NSStringFormatSpecTypeKey`. Error.
    public static let stringsDictMissingSpecType = Self(rawValue: "stringsdict-missing-spec-type")
    /// A rule whose `NSStringFormatSpecTypeKey` is not `NSStringPluralRuleType`. Error.
    public static let stringsDictUnknownSpecType = Self(rawValue: "stringsdict-unknown-spec-type")
    /// A plural rule without `NSStringFormatValueTypeKey`. Error.
    public static let stringsDictMissingValueType = Self(rawValue: "stringsdict-missing-value-type")
    /// A `NSStringFormatValueTypeKey` that is not a printf conversion (`d`, `ld`, `f`, …). Error.
    public static let stringsDictInvalidValueType = Self(rawValue: "stringsdict-invalid-value-type")
    /// A plural rule without the required `other` form (docs/apple-platform.md P1) that a count can reach: an
    /// integer the rule has no form for, or any count of a non-integer value type. Error.
    public static let stringsDictMissingOther = Self(rawValue: "stringsdict-missing-other")
    /// A plural rule of an integer value type without `other` in a language where CLDR selects `other` only for
    /// non-integers (be, pl, ru, uk), which has every category integers select: only a non-integer count would
    /// need `other`. Apple's documentation still calls `other` required. Warning.
    public static let stringsDictMissingDecimalOther = Self(rawValue: "stringsdict-missing-decimal-other")
    /// A `%#@` that does not form `%#@name@` (an unterminated `%#@count`, an empty `%#@@`). Error.
    public static let stringsDictMalformedVariable = Self(rawValue: "stringsdict-malformed-variable")
    /// A variable dictionary that neither the format key nor any form refers to. Warning.
    public static let stringsDictUnusedVariable = Self(rawValue: "stringsdict-unused-variable")
    /// A variable whose forms refer to itself, directly or through other variables. Error.
    public static let stringsDictRecursiveVariable = Self(rawValue: "stringsdict-recursive-variable")
    /// A key written twice in one dictionary of an XML property list; Apple keeps the later value. Error.
    public static let stringsDictDuplicateKey = Self(rawValue: "stringsdict-duplicate-key")

    // MARK: .stringsdict content (can be baselined)

    /// A form key that is not a CLDR plural category (zero, one, two, few, many, other). Error.
    public static let stringsDictUnknownPluralCategory = Self(rawValue: "stringsdict-unknown-plural-category")
    /// A form whose specifier disagrees with the rule's `NSStringFormatValueTypeKey`. Error.
    public static let stringsDictSpecifierMismatch = Self(rawValue: "stringsdict-specifier-mismatch")
    /// A plural rule lacking categories CLDR requires for the language. Warning.
    public static let stringsDictMissingPluralCategory = Self(rawValue: "stringsdict-missing-plural-category")
    /// A plural form for a category the language does not use (Apple ignores it). Warning.
    public static let stringsDictUnusedPluralCategory = Self(rawValue: "stringsdict-unused-plural-category")
    /// A plural rule lacking a category that CLDR selects only for numbers of a million and more (fr, es, it, pt,
    /// ca `many`). Note; a warning when the configuration says the app formats such numbers
    /// (`pluralCountsOfMillions`).
    public static let stringsDictMissingMillionCategory = Self(rawValue: "stringsdict-missing-million-category")

    // MARK: Literal percent signs

    /// A development value whose `%` followed by a space or `-` and a letter reads as a conversion (`% g` in "not
    /// 100% guaranteed") that the app almost surely does not pass; a literal `%` is written `%%`. Warning.
    public static let developmentLiteralPercent = Self(rawValue: "development-literal-percent")

    // MARK: Bundle layout

    /// A table at the resource root outside any `.lproj`; it hides every `.lproj` copy
    /// (docs/apple-platform.md F4). Error.
    public static let tableOutsideLproj = Self(rawValue: "table-outside-lproj")
    /// A folder named `Contents`, `Resources` or `Support Files` at the resource root, which changes the
    /// bundle layout (docs/apple-platform.md F8). Error.
    public static let specialFolderName = Self(rawValue: "special-folder-name")
    /// An `.lproj` name that is not a language identifier. Warning.
    /// Warning: the module has no table in its development region, so no translation can be checked against it and
    /// `Bundle` has no development-region copy to fall back to (docs/apple-platform.md L5, F1).
    public static let developmentRegionMissing = Self(rawValue: "development-region-missing")
    public static let invalidLocalizationName = Self(rawValue: "invalid-localization-name")

    /// The module is named after the folder the repository is checked out in (every folder above its `.lproj`
    /// folders is generic), a name that changes with the checkout; name it with `repositoryModule` in the
    /// configuration. Error, never baselined.
    public static let moduleNameFromCheckoutFolder = Self(rawValue: "module-name-from-checkout-folder")

    // MARK: Against a baseline of what was published or embedded before

    /// A key the baseline table has and the same table of the same localization lacks. Error.
    public static let missingKeyAgainstBaseline = Self(rawValue: "missing-key-against-baseline")
    /// A table the baseline has for a localization and the new publish lacks for it. Error.
    public static let missingTableAgainstBaseline = Self(rawValue: "missing-table-against-baseline")

    /// Codes a validation baseline never records or downgrades: the table does not parse (or is in no encoding
    /// Apple reads), so Apple's runtime would read the published copy as an empty table and every key of it would
    /// show raw, where the app's embedded copy (which Xcode compiled) works. The fix is the file's one bad line,
    /// never excluding the file. A module named after the checkout folder (``moduleNameFromCheckoutFolder``) is
    /// never recorded either: its name, part of every finding's identity, is the very thing that differs between
    /// checkouts, and the fix is one line of configuration. Every other finding describes what the app ships today
    /// and can be baselined.
    public static let neverBaselined: Set<Self> = [.parseError, .encoding, .moduleNameFromCheckoutFolder]

    /// Why a table that does not parse (`parse-error`, `encoding`) cannot be baselined, and what to do instead.
    public static let neverBaselinedReason =
        "Apple's runtime reads a table that does not parse as empty, so a published copy would show every key of it "
        + "raw; this is why it cannot be baselined. Fix the place named; the rest of the file stays as it is."

}
