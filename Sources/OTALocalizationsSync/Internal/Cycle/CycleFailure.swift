import OTALocalizationsCore

/// Why a step of a cycle failed: a stable code of the report (``OTALocalizationCycleReport/FailureCode``) and one
/// sentence, the report's `error` for the manifest or `reason` for one module.
///
/// Every failure inside a cycle is one of these: the admission of the root, an index part, a module's download,
/// verification and install, the storage records.
package struct CycleFailure: Error, Sendable, Equatable, CustomStringConvertible {
    package var code: OTALocalizationCycleReport.FailureCode
    package var reason: String
    /// The code of the envelope's refusal, on a `signature` failure (``OTALocalizationCycleReport/signatureCode``).
    package var signatureCode: ManifestSignatureError.Code?

    init(_ code: OTALocalizationCycleReport.FailureCode, _ reason: String, signatureCode: ManifestSignatureError.Code? = nil) {
        self.code = code
        self.reason = reason
        self.signatureCode = signatureCode
    }

    package var description: String { reason }

    /// Work the kill switch or the cycle deadline stopped: code `cancelled`, reason `cancelled`.
    static let cancelled = CycleFailure(.cancelled, "cancelled")
}
