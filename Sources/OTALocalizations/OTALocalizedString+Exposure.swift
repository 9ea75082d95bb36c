import Foundation

extension OTALocalizedString {
    /// A module's text met by this process: the module and what ``bundle(for:)`` served for it at that lookup, the
    /// over-the-air content (publish identity, rollout or copy experiment and arm) or the embedded strings and why.
    ///
    /// The event an experiment's analysis credits outcomes to: only people who actually looked the module's text up
    /// were exposed (docs/rollouts.md, "Exposure").
    public struct Exposure: Sendable, Equatable {
        /// The module's name, as passed to ``bundle(for:)``.
        public let module: String
        /// What was served, as ``servedContent(for:)`` describes it for the load the lookup read.
        public let served: ServedContent

        public init(module: String, served: ServedContent) {
            self.module = module
            self.served = served
        }

        /// The copy experiment the served content was installed under (``InstalledContent/experimentID``); nil for
        /// embedded strings and outside an experiment.
        public var experimentID: String? { served.experimentID }
        /// The device's arm in ``experimentID`` (an arm's name or `control`, ``InstalledContent/arm``); nil for
        /// embedded strings and outside an experiment.
        public var arm: String? { served.arm }
        /// Whether a debug action forced ``arm`` (``InstalledContent/armForced``): an exposure to leave out of the
        /// experiment's analysis.
        public var forced: Bool { served.armForced }
    }

    /// Hands every exposure from now on to `handler`: a module's first ``bundle(for:)`` after each load or
    /// ``clearBundleCache()`` whose served content differs from what was last reported for that module. So each
    /// module is reported once per process, and again when what it serves changes (the kill switch, a later load that
    /// serves other content); a reload that serves the same content reports nothing.
    ///
    /// Call it before ``loadBundlesFromDisk()`` and before any lookup: a served module whose first lookup after a load
    /// came earlier is reported only after the next load. `nil` stops the reports. `handler` runs on a private serial
    /// queue, one exposure at a time in the order of the lookups, never on the thread that looked up; it must not
    /// block for long. Cost: a served module's lookups cost nothing more (its first lookup per load, which opens its
    /// bundle, enqueues one block); a module served embedded loads one flag per lookup, and takes a lock at each lookup
    /// while a handler is set (to tell its first one). Safe from any thread.
    public static func reportExposures(to handler: (@Sendable (Exposure) -> Void)?) {
        ExposureLog.shared.setHandler(handler)
    }
}
