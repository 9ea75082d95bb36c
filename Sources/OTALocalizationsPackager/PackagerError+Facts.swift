import OTALocalizationsValidation

extension PackagerError {
    /// The facts an error's ``PackagerError/reason`` states, for a caller that words the error in its own terms (a
    /// command line, naming its options): the value at fault, what is wrong with it, and counts. A fact an error does
    /// not state is nil (or 0).
    public struct Facts: Sendable, Equatable {
        /// The value of ``PackagerError/field`` at fault, as given (an app version, a channel name).
        public var value: String?
        /// What is wrong with ``PackagerError/field``, one clause that does not name it, e.g.
        /// `/out is a file, not a folder` or `/m.json: manifest is not a valid JSON object`.
        public var problem: String?
        /// Whether ``problem`` stands on its own, worded after the field and a colon (`<field>: <problem>`), rather than
        /// continuing from the field's name (`<field> <problem>`, where the problem starts with the value or a place).
        public var problemStandsAlone = false
        /// The file, folder or published location the error concerns, as shown (a path, an `s3://` key, a URL), when
        /// it is not ``value``.
        public var location: String?
        /// `badPublishedAt`: how far the date is ahead of the clock, in whole seconds; nil when it is not a date.
        public var secondsAhead: Int?
        /// `baselineMalformed`, `baselineUnsupportedVersion`: the validation baseline file's own error.
        public var baselineError: ValidationBaselineError?
        /// `validationFailed`: the blocking findings of severity error.
        public var blockingErrors = 0
        /// `validationFailed`: the blocking findings of severity warning (blocking under `strict`).
        public var blockingWarnings = 0
        /// `validationFailed`: the blocking findings that are tables that do not parse (never baselined).
        public var unreadableTables = 0
        /// `validationFailed`: the blocking findings that are modules named after the checkout folder (never baselined).
        public var unnamedModules = 0
        /// `validationFailed`: the blocking findings only the validation baseline's older records cover
        /// (``ValidationBaseline/countCoveredOnlyByOlderRecords(in:)``).
        public var coveredOnlyByOlderRecords = 0

        public init(value: String? = nil, problem: String? = nil, problemStandsAlone: Bool = false, location: String? = nil) {
            self.value = value
            self.problem = problem
            self.problemStandsAlone = problemStandsAlone
            self.location = location
        }
    }
}
