extension ValidationDiagnostic {
    /// A stable identifier for the kind of finding, encoded as a plain string, declared with the severity and
    /// baselining of its findings (``ValidationDiagnostic/Code/known`` lists every code this release raises).
    ///
    /// Two codes are equal when their raw values are; a code read from a file (``init(rawValue:)``, decoding)
    /// takes the declaration of the known code of that raw value, and a code this release does not know is an error
    /// that can be baselined.
    public struct Code: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        public let rawValue: String
        /// The severity of this code's findings.
        private let declaredSeverity: Severity
        /// The severity when the app formats counts of a million and more (`pluralCountsOfMillions`).
        private let severityWithCountsOfMillions: Severity
        /// Whether a validation baseline may record and downgrade this code's findings.
        public let canBeBaselined: Bool

        /// Declares a code.
        /// - Parameters:
        ///   - rawValue: the code as reports and baseline files spell it (`duplicate-key`).
        ///   - severity: the severity of its findings.
        ///   - withPluralCountsOfMillions: the severity instead when the configuration's `pluralCountsOfMillions`
        ///     is true; `severity` when nil.
        ///   - canBeBaselined: false for the codes a validation baseline never records (``neverBaselined``).
        init(_ rawValue: String, severity: Severity, withPluralCountsOfMillions: Severity? = nil, canBeBaselined: Bool = true) {
            self.rawValue = rawValue
            self.declaredSeverity = severity
            self.severityWithCountsOfMillions = withPluralCountsOfMillions ?? severity
            self.canBeBaselined = canBeBaselined
        }

        /// The known code spelled `rawValue`, or an unknown one (an error that can be baselined).
        public init(rawValue: String) {
            self = Self.knownByRawValue[rawValue] ?? Self(rawValue, severity: .error)
        }

        public init(from decoder: any Decoder) throws {
            self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        public var description: String { rawValue }

        public static func == (a: Self, b: Self) -> Bool { a.rawValue == b.rawValue }

        public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

        /// The severity of this code's findings, as its declaration states (the table of `docs/validation.md` lists
        /// the same).
        ///
        /// Two things change a finding's severity afterwards, never its code's: a finding recorded in the adoption
        /// baseline is reported as a warning (``ValidationBaseline/apply(to:)``), and
        /// `stringsdict-missing-million-category` is a note unless the app formats counts of a million and more.
        /// - Parameter pluralCountsOfMillions: the configuration's `pluralCountsOfMillions`: makes
        ///   `stringsdict-missing-million-category` a warning.
        /// - Returns: the severity; `error` for a code this release does not know.
        public func severity(pluralCountsOfMillions: Bool = false) -> Severity {
            pluralCountsOfMillions ? severityWithCountsOfMillions : declaredSeverity
        }

        /// ``known`` by raw value.
        private static let knownByRawValue: [String: Self] = Dictionary(
            known.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
