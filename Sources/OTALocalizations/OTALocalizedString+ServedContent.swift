import Foundation

extension OTALocalizedString {
    /// Which copy of a module's text this process shows: the over-the-air content ``bundle(for:)`` hands out, or the
    /// module's embedded strings and why.
    ///
    /// The value to attach to analytics events of a copy experiment (docs/rollouts.md): ``installedContent(for:)`` says
    /// what is installed, which a launch may still not serve (a quarantine, a folder no trusted key vouched for, slices
    /// that do not cover the user's languages).
    public enum ServedContent: Sendable, Equatable {
        /// ``bundle(for:)`` returns the installed folder of this content: its publish identity and rollout or arm, as
        /// ``installedContent(for:)`` reads them.
        case overTheAir(InstalledContent)
        /// ``bundle(for:)`` returns nil: the module shows its embedded strings, for this reason.
        case embedded(EmbeddedReason)
    }

    /// Why a module shows its embedded strings: a stable ``rawValue`` to compare and send to analytics.
    ///
    /// Each is decided by the last ``loadBundlesFromDisk()`` (or ``clearBundleCache()``) of this process, in the order
    /// the load checks them; new reasons may be added.
    public struct EmbeddedReason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// No ``loadBundlesFromDisk()`` has run in this process yet.
        public static let notLoaded = EmbeddedReason(rawValue: "notLoaded")
        /// ``clearBundleCache()`` ran after the last load (the kill switch).
        public static let cleared = EmbeddedReason(rawValue: "cleared")
        /// The last load found nothing installed for the module in the running app version: no `current` pointer, a
        /// malformed one, or no app version to read (other app versions' installs are never read).
        public static let notInstalled = EmbeddedReason(rawValue: "notInstalled")
        /// The load trusts signing keys and the module's vouch record does not name its installed folder and one of
        /// them (docs/signing.md).
        public static let notVouched = EmbeddedReason(rawValue: "notVouched")
        /// The installed folder could not be read at the load (missing, its `Info.plist` or seal unreadable or out of
        /// shape, as before the first unlock on iOS), or its `Bundle` could not be opened.
        public static let unreadable = EmbeddedReason(rawValue: "unreadable")
        /// The folder was assembled from slices that do not cover the load's languages (the user switched language
        /// since), or its slice record does not match the folder (docs/design.md, "Slices").
        public static let languagesNotCovered = EmbeddedReason(rawValue: "languagesNotCovered")
        /// The crash-loop guard refused the installed content: a quarantine names it, or it reached the limit of
        /// unconfirmed launches (``OTALaunchQuarantine``).
        public static let quarantined = EmbeddedReason(rawValue: "quarantined")
        /// The crash-loop guard's count cannot be used (something other than a regular file with one name is at its
        /// path), so the guard fails closed until the next update cycle moves it aside.
        public static let launchGuardUnavailable = EmbeddedReason(rawValue: "launchGuardUnavailable")
        /// The module's `current` changed while the load wrote its reader lease (an update cycle in another process):
        /// the folder it read is not handed out this session.
        public static let replacedDuringLoad = EmbeddedReason(rawValue: "replacedDuringLoad")
        /// The load has a maximum content age and the last fresh signed index recorded for the app version and channel
        /// is older than it, or none is recorded (docs/signing.md, "Freeze"): every installed module serves its
        /// embedded strings until a cycle sees a fresh signed index and the app loads again.
        public static let contentTooOld = EmbeddedReason(rawValue: "contentTooOld")
    }

    /// Returns what this process serves for `moduleName`: what ``bundle(for:)`` returns, described.
    ///
    /// `.overTheAir` exactly when ``bundle(for:)`` returns a bundle, and for the same folder, until the next load or
    /// ``clearBundleCache()``: the value comes from the cache the last load filled, not from the files now, so an update
    /// cycle that installs newer content does not change it. The first call for a module after a load reads the two
    /// small records beside its `current` (`rollout`, `published`: see ``installedContent(for:)``) and keeps the
    /// result for that load; other calls, and every `.embedded` answer, read no file. Safe from any thread, also while
    /// the main actor clears or reloads the cache.
    public static func servedContent(for moduleName: String) -> ServedContent {
        BundleRegistry.shared.servedContent(for: moduleName)
    }
}
