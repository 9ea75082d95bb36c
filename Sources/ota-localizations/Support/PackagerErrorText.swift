import OTALocalizationsPackager
import OTALocalizationsValidation

/// A ``PackagerError`` worded for the command line: the field at fault named by its option, the facts in sentences.
enum PackagerErrorText {
    /// The error's first line as `ota-localizations` prints it; the library's ``PackagerError/reason`` when the error
    /// concerns no option.
    static func message(_ error: PackagerError) -> String {
        let facts = error.facts
        switch error.field {
        case .appVersion?:
            return "--app-version '\(facts.value ?? "")' \(PackageOptions.appVersionRule)"
        case .channel? where error.code == .configuration:
            return "--channel '\(facts.value ?? "")' \(PackageOptions.channelNameRule)"
        case .pseudoLocalization?:
            return PseudoOptionText.message(error)
        case .outputDirectory?:
            return "--output: \(facts.problem ?? "")"
        case .previousManifest?:
            return "--previous \(facts.problem ?? "")"
        case .publishedAt?, .sourceDateEpoch?:
            return publishedAt(error)
        case .adoptionBaselineFile?:
            if let fileError = facts.baselineError {
                return "--validation-baseline \(facts.location ?? ""): \(ValidationBaselineText.message(fileError))"
            }
            return "--validation-baseline: \(facts.problem ?? ""); record one with '\(ValidationBaselineText.writeCommand)'"
        case .publishedBaseline?:
            return "--baseline" + (facts.problemStandsAlone ? ": " : " ") + (facts.problem ?? "")
        default:
            if let message = ReleaseErrorText.message(error) { return message }
            return error.code == .validationFailed ? validationFailed(facts) : error.reason
        }
    }

    /// `--published-at 'x' is not …`, or a date too far ahead (of `--published-at` or `SOURCE_DATE_EPOCH`) and what to
    /// do, naming `--allow-future-published-at`.
    private static func publishedAt(_ error: PackagerError) -> String {
        let facts = error.facts
        let value = facts.value ?? ""
        guard facts.secondsAhead != nil else {
            return error.field == .publishedAt ? "--published-at '\(value)' \(facts.problem ?? "")" : error.reason
        }
        return "\(error.field == .publishedAt ? "--published-at" : "SOURCE_DATE_EPOCH") \(value) \(facts.problem ?? ""). Give the "
            + "time of the publish (or leave the option out: now), or pass --allow-future-published-at if this machine's clock "
            + "is wrong"
    }

    /// `validation found 2 errors and 1 warning (--strict); nothing was written.` and what to do: name the module,
    /// fix the tables that do not parse, or record a validation baseline.
    private static func validationFailed(_ facts: PackagerError.Facts) -> String {
        let (errors, warnings) = (facts.blockingErrors, facts.blockingWarnings)
        let (unreadable, unnamed, blocking) = (facts.unreadableTables, facts.unnamedModules, errors + warnings)
        let configuration = PackagerConfiguration.fileName
        let advice: String
        if unnamed > 0, unreadable + unnamed == blocking {
            advice = "; nothing was written. Name the module below in \(configuration) (it cannot be "
                + "baselined: its name is the checkout folder's)"
                + (unreadable > 0 ? " and fix the \(unreadable == 1 ? "table" : "tables") that do not parse" : "")
        } else if unreadable == blocking {
            advice = "; nothing was written. Fix the \(unreadable == 1 ? "table" : "tables") below: a table that does not "
                + "parse cannot be baselined, because Apple's runtime would read the published copy as empty"
        } else {
            let legacy = facts.coveredOnlyByOlderRecords
            advice = "; nothing was written. Fix them, or record today's findings with "
                + "'ota-localizations validate <repo-root> --write-baseline <file>' and pass --validation-baseline <file>"
                + (unreadable > 0 ? " (\(unreadable) of them, tables that do not parse, cannot be baselined: fix those lines)" : "")
                + (unnamed > 0 ? " (a module named after the checkout folder cannot be baselined: name it in \(configuration))" : "")
                + (legacy > 0 ? ". \(ValidationBaselineText.olderRecordsAdvice(legacy))" : "")
        }
        return "validation found \(errors) error\(errors == 1 ? "" : "s")"
            + (warnings > 0 ? " and \(warnings) warning\(warnings == 1 ? "" : "s") (--strict)" : "")
            + advice
    }
}
