import Foundation

/// What ``OTALocalizedString/applyInstalledContent(storageRoot:appVersion:selection:trustedKeyIDs:maximumUnconfirmedLaunches:countsLaunch:)``
/// changed: for every module the load before it or the load it ran knew, what ``OTALocalizedString/bundle(for:)``
/// served before the call and what it serves after (docs/integration.md, "Applying updates at a safe point").
public struct OTALocalizationApplyReport: Sendable, Equatable {
    /// One module: what it served before the apply and what it serves now, as
    /// ``OTALocalizedString/servedContent(for:)`` describes them.
    public struct Module: Sendable, Equatable {
        /// The module's name, as passed to ``OTALocalizedString/bundle(for:)``.
        public let name: String
        /// What was served before the apply: `.embedded(.notLoaded)` when no load had run in this process.
        public let before: OTALocalizedString.ServedContent
        /// What is served from the apply on, until the next load or ``OTALocalizedString/clearBundleCache()``.
        public let after: OTALocalizedString.ServedContent

        public init(name: String, before: OTALocalizedString.ServedContent, after: OTALocalizedString.ServedContent) {
            self.name = name
            self.before = before
            self.after = after
        }

        /// Whether the text the module shows changed: another over-the-air content, or over the air to embedded or back.
        /// Two `.embedded` values are the same text (the embedded strings) whatever their reasons.
        public var changed: Bool {
            switch (before, after) {
            case (.embedded, .embedded): false
            default: before != after
            }
        }
    }

    /// Every module the load before the apply or the apply's own load found installed, sorted by the UTF-8 bytes of
    /// their names. A module neither load found installed uses its embedded strings before and after, and is absent.
    public let modules: [Module]

    public init(modules: [Module]) {
        self.modules = modules
    }

    /// The names of the modules whose text changed (``Module/changed``), in the order of ``modules``: the screens that
    /// show them and are built after the apply show the new text; those already built keep the `Bundle` they hold.
    public var changedModules: [String] {
        modules.filter(\.changed).map(\.name)
    }
}
