extension ValidationDiagnostic.Code {
    // Each code is declared once, here, with its severity (and whether a validation baseline may record it), and
    // listed in `known`; `docs/validation.md` has one row per code, in the same order (`DiagnosticSeverityTests`).

    // MARK: Files that Apple's runtime cannot read (never baselined)

    /// The table does not parse (old-style syntax, malformed property list); Apple empties the whole
    /// table (docs/apple-platform.md F6, E3).
    public static let parseError = Self("parse-error", severity: .error, canBeBaselined: false)
    /// The bytes are in no encoding Apple reads (UTF-8, UTF-16/32 with a BOM); BOM-less UTF-16 is misread
    /// (docs/apple-platform.md E2).
    public static let encoding = Self("encoding", severity: .error, canBeBaselined: false)

    // MARK: Keys and values

    /// A key defined twice in one `.strings` table with different values; Apple keeps the last.
    public static let duplicateKey = Self("duplicate-key", severity: .error)
    /// A key defined twice with the same value.
    public static let duplicateKeySameValue = Self("duplicate-key-same-value", severity: .warning)
    /// A translation whose printf arguments differ from the development region's value.
    public static let formatSpecifierMismatch = Self("format-specifier-mismatch", severity: .error)
    /// A translation that reads the development value's arguments except the last ones ("Smazat?" for "Delete
    /// %@?"): `String(format:)` ignores arguments a format does not read, so nothing shifts or crashes, but the value
    /// is not shown. Leaving out an argument that others follow stays a ``formatSpecifierMismatch``.
    public static let trailingArgumentOmitted = Self("trailing-argument-omitted", severity: .warning)
    /// A development value whose `%` followed by a space or `-` and a letter reads as a conversion (`% g` in "not
    /// 100% guaranteed") that the app almost surely does not pass; a literal `%` is written `%%`.
    public static let developmentLiteralPercent = Self("development-literal-percent", severity: .warning)
    /// A key of the development region's table that a translation of the table lacks (no per-key
    /// fallback: docs/apple-platform.md F2).
    public static let missingKey = Self("missing-key", severity: .warning)
    /// Keys of a table that translations have and that have no development value, neither in the development
    /// region's table nor in the module's Swift sources (`NSLocalizedString`'s `value:`, `defaultValue:`): their
    /// formats were not checked. One finding per module and table, the keys in its value.
    public static let developmentValueMissing = Self("development-value-missing", severity: .warning)
    /// An empty value.
    public static let emptyValue = Self("empty-value", severity: .warning)
    /// A translation equal to its key where the development value is not the key.
    public static let valueEqualsKey = Self("value-equals-key", severity: .warning)
    /// A translation that adds or drops leading/trailing whitespace or a trailing newline.
    public static let whitespaceMismatch = Self("whitespace-mismatch", severity: .warning)

    // MARK: .stringsdict structure (the entry cannot be formatted as written)

    /// An entry that is neither a string nor a dictionary of a known shape.
    public static let stringsDictMalformedEntry = Self("stringsdict-malformed-entry", severity: .error)
    /// An entry dictionary without `NSStringLocalizedFormatKey`.
    public static let stringsDictMissingFormatKey = Self("stringsdict-missing-format-key", severity: .error)
    /// A `%#@` that does not form `%#@name@` (an unterminated `%#@count`, an empty `%#@@`).
    public static let stringsDictMalformedVariable = Self("stringsdict-malformed-variable", severity: .error)
    /// A `%#@name@` with no rule dictionary `name`.
    public static let stringsDictUndefinedVariable = Self("stringsdict-undefined-variable", severity: .error)
    /// A variable dictionary that neither the format key nor any form refers to.
    public static let stringsDictUnusedVariable = Self("stringsdict-unused-variable", severity: .warning)
    /// A variable whose forms refer to itself, directly or through other variables.
    public static let stringsDictRecursiveVariable = Self("stringsdict-recursive-variable", severity: .error)
    /// A rule without `NSStringFormatSpecTypeKey`.
    public static let stringsDictMissingSpecType = Self("stringsdict-missing-spec-type", severity: .error)
    /// A rule whose `NSStringFormatSpecTypeKey` is not `NSStringPluralRuleType`.
    public static let stringsDictUnknownSpecType = Self("stringsdict-unknown-spec-type", severity: .error)
    /// A plural rule without `NSStringFormatValueTypeKey`.
    public static let stringsDictMissingValueType = Self("stringsdict-missing-value-type", severity: .error)
    /// A `NSStringFormatValueTypeKey` that is not a printf conversion (`d`, `ld`, `f`, …).
    public static let stringsDictInvalidValueType = Self("stringsdict-invalid-value-type", severity: .error)
    /// A plural rule without the required `other` form (docs/apple-platform.md P1) that a count can reach: an
    /// integer the rule has no form for, or any count of a non-integer value type.
    public static let stringsDictMissingOther = Self("stringsdict-missing-other", severity: .error)
    /// A plural rule of an integer value type without `other` in a language where CLDR selects `other` only for
    /// non-integers (be, pl, ru, uk), which has every category integers select: only a non-integer count would
    /// need `other`. Apple's documentation still calls `other` required.
    public static let stringsDictMissingDecimalOther = Self("stringsdict-missing-decimal-other", severity: .warning)
    /// A key written twice in one dictionary of an XML property list; Apple keeps the later value.
    public static let stringsDictDuplicateKey = Self("stringsdict-duplicate-key", severity: .error)

    // MARK: .stringsdict content (can be baselined)

    /// A form key that is not a CLDR plural category (zero, one, two, few, many, other).
    public static let stringsDictUnknownPluralCategory = Self("stringsdict-unknown-plural-category", severity: .error)
    /// A form whose specifier disagrees with the rule's `NSStringFormatValueTypeKey`.
    public static let stringsDictSpecifierMismatch = Self("stringsdict-specifier-mismatch", severity: .error)
    /// A plural rule lacking categories CLDR requires for the language.
    public static let stringsDictMissingPluralCategory = Self("stringsdict-missing-plural-category", severity: .warning)
    /// A plural rule lacking a category that CLDR selects only for numbers of a million and more (fr, es, it, pt,
    /// ca `many`): a note, a warning when the configuration says the app formats such numbers
    /// (`pluralCountsOfMillions`).
    public static let stringsDictMissingMillionCategory = Self(
        "stringsdict-missing-million-category", severity: .note, withPluralCountsOfMillions: .warning)
    /// A plural form for a category the language does not use (Apple ignores it).
    public static let stringsDictUnusedPluralCategory = Self("stringsdict-unused-plural-category", severity: .warning)

    // MARK: Bundle layout, and the module's place in its repository

    /// A table at the resource root outside any `.lproj`; it hides every `.lproj` copy
    /// (docs/apple-platform.md F4).
    public static let tableOutsideLproj = Self("table-outside-lproj", severity: .error)
    /// A folder named `Contents`, `Resources` or `Support Files` at the resource root, which changes the
    /// bundle layout (docs/apple-platform.md F8).
    public static let specialFolderName = Self("special-folder-name", severity: .error)
    /// The module has no table in its development region, so no translation can be checked against it and
    /// `Bundle` has no development-region copy to fall back to (docs/apple-platform.md L5, F1).
    public static let developmentRegionMissing = Self("development-region-missing", severity: .warning)
    /// An `.lproj` name that is not a language identifier.
    public static let invalidLocalizationName = Self("invalid-localization-name", severity: .warning)
    /// The module is named after the folder the repository is checked out in (every folder above its `.lproj`
    /// folders is generic), a name that changes with the checkout; name it with `repositoryModule` in the
    /// configuration. Never baselined.
    public static let moduleNameFromCheckoutFolder = Self(
        "module-name-from-checkout-folder", severity: .error, canBeBaselined: false)

    // MARK: Against a baseline of what was published or embedded before

    /// A key the baseline table has and the same table of the same localization lacks.
    public static let missingKeyAgainstBaseline = Self("missing-key-against-baseline", severity: .error)
    /// A table the baseline has for a localization and the new publish lacks for it.
    public static let missingTableAgainstBaseline = Self("missing-table-against-baseline", severity: .error)

    /// Every code this release raises, in the order of the table of `docs/validation.md`.
    public static let known: [Self] = [
        .parseError, .encoding,
        .duplicateKey, .duplicateKeySameValue, .formatSpecifierMismatch, .trailingArgumentOmitted,
        .developmentLiteralPercent, .missingKey, .developmentValueMissing, .emptyValue, .valueEqualsKey,
        .whitespaceMismatch,
        .stringsDictMalformedEntry, .stringsDictMissingFormatKey, .stringsDictMalformedVariable,
        .stringsDictUndefinedVariable, .stringsDictUnusedVariable, .stringsDictRecursiveVariable,
        .stringsDictMissingSpecType, .stringsDictUnknownSpecType, .stringsDictMissingValueType,
        .stringsDictInvalidValueType, .stringsDictMissingOther, .stringsDictMissingDecimalOther,
        .stringsDictDuplicateKey,
        .stringsDictUnknownPluralCategory, .stringsDictSpecifierMismatch, .stringsDictMissingPluralCategory,
        .stringsDictMissingMillionCategory, .stringsDictUnusedPluralCategory,
        .tableOutsideLproj, .specialFolderName, .developmentRegionMissing, .invalidLocalizationName,
        .moduleNameFromCheckoutFolder,
        .missingKeyAgainstBaseline, .missingTableAgainstBaseline,
    ]

    /// Codes a validation baseline never records or downgrades (declared with `canBeBaselined: false`): the table
    /// does not parse (or is in no encoding Apple reads), so Apple's runtime would read the published copy as an
    /// empty table and every key of it would show raw, where the app's embedded copy (which Xcode compiled) works.
    /// The fix is the file's one bad line, never excluding the file. A module named after the checkout folder
    /// (``moduleNameFromCheckoutFolder``) is never recorded either: its name, part of every finding's identity, is
    /// the very thing that differs between checkouts, and the fix is one line of configuration. Every other finding
    /// describes what the app ships today and can be baselined.
    public static let neverBaselined: Set<Self> = Set(known.filter { !$0.canBeBaselined })

    /// Why a table that does not parse (`parse-error`, `encoding`) cannot be baselined, and what to do instead.
    public static let neverBaselinedReason =
        "Apple's runtime reads a table that does not parse as empty, so a published copy would show every key of it "
        + "raw; this is why it cannot be baselined. Fix the place named; the rest of the file stays as it is."
}
