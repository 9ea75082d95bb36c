extension OTALocalizationCycleReport {
    /// A stable identifier for why a cycle or a module failed: compare this, show the sentence beside it
    /// (``OTALocalizationCycleReport/error``, ``Module/reason``).
    ///
    /// The one code type of the report: ``OTALocalizationCycleReport/errorCode`` (the manifest) and ``Module/code`` (one
    /// module) take their values from it; docs/operations.md lists where each appears. Codes grow over time (like other
    /// error codes of this package); treat an unknown one as a failure.
    public struct FailureCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The GET failed: no connection, a timeout, a deadline, a status other than 200, a body over its size.
        public static let transport = FailureCode(rawValue: "transport")
        /// The bytes received are not the manifest's: size or SHA-256 mismatch.
        public static let verification = FailureCode(rawValue: "verification")
        /// The ZIP is corrupt or hostile (path traversal, symbolic links, unsupported compression, ...).
        public static let archive = FailureCode(rawValue: "archive")
        /// The bundle's contents are refused: no `Info.plist`, an `Info.plist` that is not a dictionary or
        /// declares another development region than the manifest, a table that does not parse.
        public static let content = FailureCode(rawValue: "content")
        /// A limit was reached; the reason names it (docs/operations.md, "Limits and deadlines").
        public static let limit = FailureCode(rawValue: "limit")
        /// The device's storage: a folder or file could not be created, written or renamed (disk full).
        public static let storage = FailureCode(rawValue: "storage")
        /// The manifest, or one entry of it: malformed, a duplicate, a name colliding with another, or too long.
        public static let manifest = FailureCode(rawValue: "manifest")
        /// The kill switch or the cycle deadline stopped the cycle or the module.
        public static let cancelled = FailureCode(rawValue: "cancelled")
        /// The signed index (`index.dsse.json`) was refused: unsigned, malformed, signed by no
        /// trusted key, or a signature that does not verify; ``OTALocalizationCycleReport/signatureCode`` says which.
        /// Set on the report's ``OTALocalizationCycleReport/errorCode``.
        public static let signature = FailureCode(rawValue: "signature")
        /// The manifest names another release channel than the configuration's
        /// (``OTALocalizationServiceConfiguration/channel``), or the configured channel is not a valid name.
        /// Set on the report's ``OTALocalizationCycleReport/errorCode``.
        public static let channel = FailureCode(rawValue: "channel")
        /// The manifest's entry is content the crash-loop guard quarantined on this device
        /// (``OTALocalizationCycleReport/quarantine``): it is not installed again; the installed content stays.
        public static let quarantined = FailureCode(rawValue: "quarantined")
        /// The index is past its signed `expires` by more than the tolerance (docs/signing.md, "Freeze"): the one
        /// served (a `200`), or the one this device holds when the host answers `304`. Nothing is installed; the
        /// installed content stays. Set on the report's ``OTALocalizationCycleReport/errorCode``.
        public static let expired = FailureCode(rawValue: "expired")
    }
}
