extension ValidationDiagnostic.Code {
    /// The severity of this code's findings: the one place it is defined (the table of `docs/validation.md`
    /// lists the same).
    ///
    /// Two things change a finding's severity afterwards, never its code's: a finding recorded in the adoption
    /// baseline is reported as a warning (``ValidationBaseline/apply(to:)``), and `stringsdict-missing-million-category`
    /// is a note unless the app formats counts of a million and more.
    /// - Parameter pluralCountsOfMillions: the configuration's `pluralCountsOfMillions`: makes
    ///   `stringsdict-missing-million-category` a warning.
    /// - Returns: the severity; `error` for a code this release does not know.
    public func severity(pluralCountsOfMillions: Bool = false) -> ValidationDiagnostic.Severity {
        if self == .stringsDictMissingMillionCategory { return pluralCountsOfMillions ? .warning : .note }
        return Self.warnings.contains(self) ? .warning : .error
    }

    /// The codes whose findings are warnings; every other known code but `stringsdict-missing-million-category`
    /// is an error.
    private static let warnings: Set<Self> = [
        .duplicateKeySameValue, .trailingArgumentOmitted, .missingKey, .developmentValueMissing, .emptyValue, .valueEqualsKey, .whitespaceMismatch,
        .developmentLiteralPercent, .stringsDictUnusedVariable, .stringsDictMissingDecimalOther,
        .stringsDictMissingPluralCategory, .stringsDictUnusedPluralCategory, .developmentRegionMissing,
        .invalidLocalizationName,
    ]
}
