import OTALocalizationsValidation

/// The validation baseline's errors and advice worded for the command line, which records a baseline with
/// `validate --write-baseline`.
enum ValidationBaselineText {
    /// What to do about a baseline file that cannot be used: `record the baseline again with '…'`.
    static let recordAgain = "record the baseline again with '\(writeCommand)'"

    /// The command that records a baseline.
    static let writeCommand = "ota-localizations validate --write-baseline <file>"

    /// A baseline file's error after its place: the problem, then fix it there (JSON that does not parse) or record
    /// it again.
    static func message(_ error: ValidationBaselineError) -> String {
        error.problem + "; " + (error.isFixableInPlace ? "fix it there, or " : "") + recordAgain
    }

    /// What to tell a user about `count` findings of ``ValidationBaseline/countCoveredOnlyByOlderRecords(in:)``: new
    /// only because an earlier release wrote the baseline with less detail; review them and record it again.
    static func olderRecordsAdvice(_ count: Int) -> String {
        "\(count) finding\(count == 1 ? " is" : "s are") new only because the validation baseline was written by an earlier "
            + "release, which recorded \(count == 1 ? "it" : "them") without the rule, form or file that now tells such findings "
            + "apart (so it could hide new ones); review \(count == 1 ? "it" : "them") and \(recordAgain)"
    }
}
