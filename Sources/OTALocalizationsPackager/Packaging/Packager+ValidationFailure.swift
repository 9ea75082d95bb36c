import OTALocalizationsValidation

extension Packager {
    /// The `validationFailed` error for `blocking` findings (at least one): the counts, what to do about them, and
    /// each finding in ``PackagerError/details``.
    /// - Parameter adoptionBaseline: the validation baseline in use, which says how many findings only its older
    ///   records cover.
    static func validationFailure(_ blocking: [ValidationDiagnostic], adoptionBaseline: ValidationBaseline?) -> PackagerError {
        let errors = blocking.filter { $0.severity == .error }.count
        let unreadable = blocking.filter { $0.code == .parseError || $0.code == .encoding }.count
        let unnamed = blocking.filter { $0.code == .moduleNameFromCheckoutFolder }.count
        let advice: String
        if unnamed > 0, unreadable + unnamed == blocking.count {
            advice = "; nothing was written. Name the module below in \(PackagerConfiguration.fileName) (it cannot be "
                + "baselined: its name is the checkout folder's)"
                + (unreadable > 0 ? " and fix the \(unreadable == 1 ? "table" : "tables") that do not parse" : "")
        } else if unreadable == blocking.count {
            advice = "; nothing was written. Fix the \(unreadable == 1 ? "table" : "tables") below: a table that does not "
                + "parse cannot be baselined, because Apple's runtime would read the published copy as empty"
        } else {
            let legacy = adoptionBaseline?.countCoveredOnlyByOlderRecords(in: blocking) ?? 0
            advice = "; nothing was written. Fix them, or record today's findings with "
                + "'ota-localizations validate <repo-root> --write-baseline <file>' and pass --validation-baseline <file>"
                + (unreadable > 0 ? " (\(unreadable) of them, tables that do not parse, cannot be baselined: fix those lines)" : "")
                + (unnamed > 0 ? " (a module named after the checkout folder cannot be baselined: name it in \(PackagerConfiguration.fileName))" : "")
                + (legacy > 0 ? ". \(ValidationBaseline.olderRecordsAdvice(legacy))" : "")
        }
        return PackagerError(
            code: .validationFailed,
            reason: "validation found \(errors) error\(errors == 1 ? "" : "s")"
                + (blocking.count > errors ? " and \(blocking.count - errors) warning\(blocking.count - errors == 1 ? "" : "s") (--strict)" : "")
                + advice,
            details: blocking.map(\.formatted)
        )
    }
}
