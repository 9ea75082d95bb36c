extension ValidationDiagnostic.Code {
    // MARK: Files that Apple's runtime cannot read (never baselined)

    /// The table does not parse (old-style syntax, malformed property list); Apple empties the whole
    /// table (APPLE-BUNDLE.md rows 2.4, 4.3). Error.
    public static let parseError = Self(rawValue: "parse-error")
    /// The bytes are in no encoding Apple reads (UTF-8, UTF-16/32 with a BOM); BOM-less UTF-16 is misread
    /// (APPLE-BUNDLE.md row 4.2). Error.
    public static let encoding = Self(rawValue: "encoding")

    // MARK: Keys and values

    /// A key defined twice in one `.strings` table with different values; Apple keeps the last. Error.
    public static let duplicateKey = Self(rawValue: "duplicate-key")
    /// A key defined twice with the same value. Warning.
    public static let duplicateKeySameValue = Self(rawValue: "duplicate-key-same-value")
    /// A translation whose printf arguments differ from the development region's value. Error.
    public static let formatSpecifierMismatch = Self(rawValue: "format-specifier-mismatch")
    /// A key of the development region's table that a translation of the table lacks (no per-key
    /// fallback: APPLE-BUNDLE.md row 2.1). Warning.
    public static let missingKey = Self(rawValue: "missing-key")
    /// An empty value. Warning.
    public static let emptyValue = Self(rawValue: "empty-value")
    /// A translation equal to its key where the development value is not the key. Warning.
    public static let valueEqualsKey = Self(rawValue: "value-equals-key")
    /// A translation that adds or drops leading/trailing whitespace or a trailing newline. Warning.
    public static let whitespaceMismatch = Self(rawValue: "whitespace-mismatch")

    // MARK: .stringsdict structure (never baselined: the entry cannot be formatted)

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
    /// A plural rule without the required `other` form (APPLE-BUNDLE.md row 5.2). Error.
    public static let stringsDictMissingOther = Self(rawValue: "stringsdict-missing-other")

    // MARK: .stringsdict content (can be baselined)

    /// A form key that is not a CLDR plural category (zero, one, two, few, many, other). Error.
    public static let stringsDictUnknownPluralCategory = Self(rawValue: "stringsdict-unknown-plural-category")
    /// A form whose specifier disagrees with the rule's `NSStringFormatValueTypeKey`. Error.
    public static let stringsDictSpecifierMismatch = Self(rawValue: "stringsdict-specifier-mismatch")
    /// A plural rule lacking categories CLDR requires for the language. Warning.
    public static let stringsDictMissingPluralCategory = Self(rawValue: "stringsdict-missing-plural-category")
    /// A plural form for a category the language does not use (Apple ignores it). Warning.
    public static let stringsDictUnusedPluralCategory = Self(rawValue: "stringsdict-unused-plural-category")

    // MARK: Bundle layout

    /// A table at the resource root outside any `.lproj`; it hides every `.lproj` copy
    /// (APPLE-BUNDLE.md row 1.11). Error.
    public static let tableOutsideLproj = Self(rawValue: "table-outside-lproj")
    /// A folder named `Contents`, `Resources` or `Support Files` at the resource root, which changes the
    /// bundle layout (APPLE-BUNDLE.md row 1.12). Error.
    public static let specialFolderName = Self(rawValue: "special-folder-name")
    /// An `.lproj` name that is not a language identifier. Warning.
    /// Warning: the module has no table in its development region, so no translation can be checked against it and
    /// `Bundle` has no development-region copy to fall back to (APPLE-BUNDLE.md rows 1.5, 2.2).
    public static let developmentRegionMissing = Self(rawValue: "development-region-missing")
    public static let invalidLocalizationName = Self(rawValue: "invalid-localization-name")

    // MARK: Against a baseline of what was published or embedded before

    /// A key the baseline table has and the same table of the same localization lacks. Error.
    public static let missingKeyAgainstBaseline = Self(rawValue: "missing-key-against-baseline")
    /// A table the baseline has for a localization and the new publish lacks for it. Error.
    public static let missingTableAgainstBaseline = Self(rawValue: "missing-table-against-baseline")

    /// Codes whose findings make a table unreadable or an entry unformattable on device; a validation
    /// baseline never downgrades them.
    public static let neverBaselined: Set<Self> = [
        .parseError, .encoding, .stringsDictMalformedEntry, .stringsDictMissingFormatKey,
        .stringsDictUndefinedVariable, .stringsDictMissingSpecType, .stringsDictUnknownSpecType,
        .stringsDictMissingValueType, .stringsDictInvalidValueType, .stringsDictMissingOther,
    ]
}
