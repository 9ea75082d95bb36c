import Foundation
import OTALocalizations
import OTALocalizationsCore

/// The structured record of one update cycle, handed to the configuration's `reportHandler`.
///
/// Its JSON shape (through `Codable`, and key for key in this order through ``jsonText()``, which `sync --json`
/// prints) is the CLI's `sync --json` object:
/// `{"manifest":"updated|notModified|stale|failed","error":string|null,["errorCode":string,]["signatureCode":string,]"stateSaved":bool,
/// ["lastFreshAt":string,"secondsSinceFresh":n,]["rollout":{"id","percent","includesThisDevice"},]["experiment":{"id","arm","forced"},]["quarantine":{"since","launches","publishedAt","modules"},]"updated":n,"skipped":n,
/// "failed":n,"removed":n,"bytesDownloaded":n,"modules":[{"name","outcome":"updated|skipped|failed|removed",
/// "bytes","durationMs","reason","code"}]}`. Absent values are encoded as an explicit `null`. `JSONEncoder` on Linux does
/// not keep key order; use ``jsonText()`` where the order matters. The totals are derived
/// from ``modules``; when decoding, they are read and ignored.
public struct OTALocalizationCycleReport: Codable, Sendable, Equatable {
    /// What happened to the manifest request.
    public enum ManifestOutcome: String, Codable, Sendable {
        /// A `200` with a usable manifest, acted on.
        case updated
        /// A `304`, and every installed module folder was intact.
        case notModified
        /// A `200` whose `publishedAt` is older than the installed manifest's: ignored (a stale CDN edge).
        case stale
        /// No usable manifest: transport error, status other than 200/304, undecodable body. Nothing changed.
        case failed
    }

    /// The outcome of one module in one cycle.
    public struct Module: Codable, Sendable, Equatable {
        /// What happened to the module.
        public enum Outcome: String, Codable, Sendable {
            /// A new ZIP was downloaded, verified and installed; `current` names it.
            case updated
            /// The installed folder already has the manifest's hash.
            case skipped
            /// Download, verification, extraction or install failed; the previous install stays active.
            case failed
            /// The manifest no longer lists the module; its `current` pointer was removed.
            case removed
        }

        /// Why the module failed: the report's one code type (``OTALocalizationCycleReport/FailureCode``), also the
        /// type of ``OTALocalizationCycleReport/errorCode``.
        public typealias FailureCode = OTALocalizationCycleReport.FailureCode

        /// The module name (`"(unnamed)"` for a manifest entry without a string name).
        public var name: String
        /// What happened to the module in this cycle.
        public var outcome: Outcome
        /// ZIP bytes downloaded for this module (0 unless downloaded).
        public var bytes: Int64
        /// Wall-clock milliseconds spent on this module (0 for skipped and removed).
        public var durationMs: Int
        /// Why the module failed; nil on success.
        public var reason: String?
        /// What kind of failure ``reason`` describes; nil on success.
        public var code: FailureCode?

        /// Creates a module entry; `reason` and `code` stay nil on success.
        public init(
            name: String, outcome: Outcome, bytes: Int64 = 0, durationMs: Int = 0, reason: String? = nil,
            code: FailureCode? = nil
        ) {
            self.name = name
            self.outcome = outcome
            self.bytes = bytes
            self.durationMs = durationMs
            self.reason = reason
            self.code = code
        }

        private enum CodingKeys: String, CodingKey { case name, outcome, bytes, durationMs, reason, code }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            outcome = try container.decode(Outcome.self, forKey: .outcome)
            bytes = try container.decode(Int64.self, forKey: .bytes)
            durationMs = try container.decode(Int.self, forKey: .durationMs)
            reason = try container.decodeIfPresent(String.self, forKey: .reason)
            code = try container.decodeIfPresent(FailureCode.self, forKey: .code)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(outcome, forKey: .outcome)
            try container.encode(bytes, forKey: .bytes)
            try container.encode(durationMs, forKey: .durationMs)
            try container.encode(reason, forKey: .reason)
            try container.encode(code, forKey: .code)
        }
    }

    /// What happened to the manifest request.
    public var manifest: ManifestOutcome
    /// Why the manifest failed (or the cycle was cancelled); nil otherwise.
    public var error: String?
    /// What kind of failure ``error`` describes, on every `failed` manifest and on a cycle that was cancelled:
    /// `transport` (the request, or an index part's download), `verification` (an index part's size or SHA-256),
    /// `manifest` (its content: undecodable, another app version, a bad date, an index part that does not decode),
    /// `limit` (more modules than the configuration allows), `signature`, `channel`, `expired` (the index is past its
    /// signed `expires`, also on a `304`), `cancelled` (the kill switch or
    /// the cycle deadline, on any manifest outcome), and on an `updated` manifest `storage` (folders, the install ID or
    /// `state.json` could not be written); nil otherwise (a `stale` manifest, a failure of modules only). Encoded only
    /// when set.
    public var errorCode: FailureCode?
    /// Why the signed root was refused, when ``errorCode`` is `signature`: the code of the ``ManifestSignatureError``
    /// (`untrusted-key` when no signature is by a trusted key, `bad-signature`, `no-signatures`, `malformed-envelope`,
    /// `unknown-payload-type`, `bad-base64`, `too-many-signatures`; docs/signing.md); nil otherwise. Encoded only
    /// when set.
    public var signatureCode: ManifestSignatureError.Code?
    /// Whether `state.json` (manifest and ETag) was written: only when every module succeeded.
    public var stateSaved: Bool
    /// The staged rollout of the manifest acted on (`updated`, or the stored one on `notModified`), with whether
    /// this device is in it; nil without a rollout, and for a `stale` or `failed` manifest. Encoded only when set.
    public var rollout: Rollout?
    /// The copy experiment of the manifest acted on (`updated`, or the stored one on `notModified`), with this device's
    /// arm in it; nil without an experiment, and for a `stale` or `failed` manifest. Encoded only when set.
    public var experiment: Experiment?
    /// The content the crash-loop guard quarantined on this device (docs/design.md, "The crash-loop guard"), on
    /// every cycle while one is recorded; nil otherwise. Encoded only when set.
    public var quarantine: OTALaunchQuarantine?
    /// One entry per module: the manifest's modules in order, then rejected entries, then removed modules.
    public var modules: [Module]
    /// With trusted keys, on every cycle: the last time (device clock, whole seconds) this device held a signed index
    /// of its app version and channel that was not expired (a `200` admitted and not stale, or a `304` for a stored
    /// index that is not expired; any admitted one when it has no `expires`), this cycle's time when this cycle did;
    /// nil when none was ever recorded, and without trusted keys (docs/signing.md, "Freeze"). Encoded (RFC 3339) only
    /// when set.
    public var lastFreshAt: Date? = nil
    /// Whole seconds from ``lastFreshAt`` to the end of the cycle (device clock), at least 0: how long the device has
    /// gone without a fresh signed index. Set exactly when ``lastFreshAt`` is; encoded only when set.
    public var secondsSinceFresh: Int? = nil

    /// Creates a report; the totals are derived from `modules`.
    public init(
        manifest: ManifestOutcome, error: String? = nil, errorCode: FailureCode? = nil,
        signatureCode: ManifestSignatureError.Code? = nil, stateSaved: Bool = false, rollout: Rollout? = nil,
        quarantine: OTALaunchQuarantine? = nil, modules: [Module] = [], experiment: Experiment? = nil
    ) {
        self.manifest = manifest
        self.error = error
        self.errorCode = errorCode
        self.signatureCode = signatureCode
        self.stateSaved = stateSaved
        self.rollout = rollout
        self.experiment = experiment
        self.quarantine = quarantine
        self.modules = modules
    }

    /// Modules with outcome `updated`.
    public var updated: Int { modules.filter { $0.outcome == .updated }.count }
    /// Modules with outcome `skipped`.
    public var skipped: Int { modules.filter { $0.outcome == .skipped }.count }
    /// Modules with outcome `failed`.
    public var failed: Int { modules.filter { $0.outcome == .failed }.count }
    /// Modules with outcome `removed`.
    public var removed: Int { modules.filter { $0.outcome == .removed }.count }
    /// ZIP bytes downloaded in the cycle, over all modules.
    public var bytesDownloaded: Int64 { modules.reduce(0) { $0 + $1.bytes } }

    private enum CodingKeys: String, CodingKey {
        case manifest, error, errorCode, signatureCode, stateSaved, rollout, experiment, quarantine, updated, skipped, failed, removed, bytesDownloaded
        case modules, lastFreshAt, secondsSinceFresh
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        manifest = try container.decode(ManifestOutcome.self, forKey: .manifest)
        error = try container.decodeIfPresent(String.self, forKey: .error)
        errorCode = try container.decodeIfPresent(FailureCode.self, forKey: .errorCode)
        signatureCode = try container.decodeIfPresent(String.self, forKey: .signatureCode).map(ManifestSignatureError.Code.init(rawValue:))
        stateSaved = try container.decode(Bool.self, forKey: .stateSaved)
        rollout = try container.decodeIfPresent(Rollout.self, forKey: .rollout)
        experiment = try container.decodeIfPresent(Experiment.self, forKey: .experiment)
        quarantine = try container.decodeIfPresent(OTALaunchQuarantine.self, forKey: .quarantine)
        modules = try container.decode([Module].self, forKey: .modules)
        lastFreshAt = try container.decodeIfPresent(String.self, forKey: .lastFreshAt).flatMap(ManifestDate.parse)
        secondsSinceFresh = try container.decodeIfPresent(Int.self, forKey: .secondsSinceFresh)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(manifest, forKey: .manifest)
        try container.encode(error, forKey: .error)
        try container.encodeIfPresent(errorCode, forKey: .errorCode)
        try container.encodeIfPresent(signatureCode?.rawValue, forKey: .signatureCode)
        try container.encode(stateSaved, forKey: .stateSaved)
        try container.encodeIfPresent(lastFreshAt.map(ManifestDate.format), forKey: .lastFreshAt)
        try container.encodeIfPresent(secondsSinceFresh, forKey: .secondsSinceFresh)
        try container.encodeIfPresent(rollout, forKey: .rollout)
        try container.encodeIfPresent(experiment, forKey: .experiment)
        try container.encodeIfPresent(quarantine, forKey: .quarantine)
        try container.encode(updated, forKey: .updated)
        try container.encode(skipped, forKey: .skipped)
        try container.encode(failed, forKey: .failed)
        try container.encode(removed, forKey: .removed)
        try container.encode(bytesDownloaded, forKey: .bytesDownloaded)
        try container.encode(modules, forKey: .modules)
    }
}
