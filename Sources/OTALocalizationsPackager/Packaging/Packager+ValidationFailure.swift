import OTALocalizationsValidation

extension Packager {
    /// The `validationFailed` error for `blocking` findings (at least one): the counts in its facts, each finding in
    /// ``PackagerError/details``.
    /// - Parameter adoptionBaseline: the validation baseline in use, which says how many findings only its older
    ///   records cover.
    static func validationFailure(_ blocking: [ValidationDiagnostic], adoptionBaseline: ValidationBaseline?) -> PackagerError {
        var facts = PackagerError.Facts()
        facts.blockingErrors = blocking.filter { $0.severity == .error }.count
        facts.blockingWarnings = blocking.count - facts.blockingErrors
        facts.unreadableTables = blocking.filter { $0.code == .parseError || $0.code == .encoding }.count
        facts.unnamedModules = blocking.filter { $0.code == .moduleNameFromCheckoutFolder }.count
        facts.coveredOnlyByOlderRecords = adoptionBaseline?.countCoveredOnlyByOlderRecords(in: blocking) ?? 0
        let (warnings, unreadable, unnamed) = (facts.blockingWarnings, facts.unreadableTables, facts.unnamedModules)
        let advice: String
        if unnamed > 0, unreadable + unnamed == blocking.count {
            advice = "Name the module below in \(PackagerConfiguration.fileName) (it cannot be baselined: its name is the "
                + "checkout folder's)" + (unreadable > 0 ? " and fix the tables that do not parse" : "")
        } else if unreadable == blocking.count {
            advice = "Fix the tables below: a table that does not parse cannot be baselined, because Apple's runtime would "
                + "read the published copy as empty"
        } else {
            advice = "Fix them, or record the others in a ValidationBaseline passed as the adoption baseline file (a table "
                + "that does not parse and a module named after the checkout folder cannot be)"
        }
        return PackagerError(
            code: .validationFailed,
            reason: "validation found \(facts.blockingErrors) error\(facts.blockingErrors == 1 ? "" : "s")"
                + (warnings > 0 ? " and \(warnings) warning\(warnings == 1 ? "" : "s") (strict)" : "")
                + "; nothing was written. " + advice,
            details: blocking.map(\.formatted), facts: facts
        )
    }
}
