import Foundation
import OTALocalizationsCore

/// The module entries one device uses from a publish, resolved once when the publish is acted on: the stable entries,
/// or, on a device in the staged rollout or in a copy experiment's arm, the rollout's or the arm's entries in their
/// place (and beside them) without the modules it removes; each with what the device downloads for it (the full ZIP,
/// or base and slices).
///
/// Built from the published index (``assemble(index:installID:forcedArm:choices:caps:parts:)``). `state.json` stores it
/// (``InstalledState``), so a `304` cycle has everything it checks without downloading anything.
struct DeviceManifest: Sendable, Equatable {
    var appVersion: String
    var publishedAt: ManifestTimestamp
    var developmentRegion: String
    var channel: String?
    /// The staged rollout and whether this device is in it; nil without one.
    var rollout: OTALocalizationCycleReport.Rollout?
    /// The copy experiment and this device's arm in it; nil without one.
    var experiment: OTALocalizationCycleReport.Experiment?
    /// What placed the device in ``experiment``: its bucket (nil without an install ID) and the forced arm read when
    /// the publish was resolved (nil when none). A `304` cycle whose bucket or forced arm differs reads the publish again.
    var experimentBasis: ExperimentBasis?
    /// The entries this device installs, skips and keeps, in publish order.
    var modules: [DeviceModule]
    /// The entries that fail on this device, with why.
    var rejected: [DeviceRejection]
    /// Resolved for ``OTALocalizationSelection/everyLocalization``: every module by its full ZIP, also those
    /// published with slices. A device with another selection must read the publish again (and the other way round).
    var everyLocalization: Bool = false
    /// The index's signed `expires`, nil without one: a `304` cycle checks it against the clocks, as admission does.
    var expires: ManifestTimestamp? = nil

    /// Every module name this device still lists: its entries and its rejected entries with a name. Installed
    /// modules not listed are removed.
    var listedNames: [String] {
        modules.map(\.name) + rejected.compactMap(\.name)
    }

    /// How many module entries the publish lists for a device (the longest list: the stable entries with those a
    /// rollout or the device's arm adds, and every rejected one), compared with ``OTALocalizationServiceConfiguration/maximumManifestModules``.
    var entryCount: Int { modules.count + rejected.count }
}

/// What placed a device in an experiment's arm: compared on a `304` cycle.
struct ExperimentBasis: Sendable, Equatable {
    var bucket: Int?
    var forcedArm: String?
}

/// One module entry a device uses.
struct DeviceModule: Sendable, Equatable {
    var name: String
    /// The module's localizations (`.lproj` names), from which the device's languages choose.
    var localizations: [String]
    /// The rollout id the entry comes from; nil for a stable entry.
    var rolloutID: String?
    var content: Content
    /// The copy experiment and arm the device is in (control included) when it uses this entry; nil outside one.
    /// Recorded beside the module's `current` (``RolloutRecord``).
    var experiment: OTALocalizationCycleReport.Experiment? = nil
    /// Whether the entry comes from the arm's parts rather than the stable ones.
    var fromArm: Bool = false

    /// What the device downloads for the module.
    enum Content: Sendable, Equatable {
        /// The module's full ZIP.
        case full(PublishedFile)
        /// Base and the slices the device's languages chose when the publish was read; ``SlicePlan`` says when they
        /// no longer suffice.
        case sliced(base: PublishedFile, slices: [String: PublishedFile])
    }
}

/// A module entry that fails on this device: malformed, over a cap, or without a part it needs.
struct DeviceRejection: Sendable, Equatable {
    /// The entry's name, when it has a usable one.
    var name: String?
    var reason: String
    var code: OTALocalizationCycleReport.FailureCode

    init(name: String?, reason: String, code: OTALocalizationCycleReport.FailureCode = .manifest) {
        self.name = name
        self.reason = reason
        self.code = code
    }

    init(_ rejected: RejectedModule) {
        self.init(name: rejected.name, reason: rejected.reason)
    }

    /// The failed entry as the report shows it.
    var report: OTALocalizationCycleReport.Module {
        .init(name: name ?? "(unnamed)", outcome: .failed, reason: reason, code: code)
    }
}
