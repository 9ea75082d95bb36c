import OTALocalizationsCore

/// The module entries one device uses from a manifest: the stable `modules`, or, on a device in the manifest's
/// staged rollout, the rollout's entries in place of (or beside) them (`Manifest.modules(inRollout:)`).
///
/// A rollout entry that was rejected fails its module on devices in the rollout only, where that module keeps
/// what it has installed (its stable entry is not installed instead); elsewhere it is not looked at.
struct RolloutSelection: Sendable {
    let manifest: Manifest
    /// Whether the device is in the manifest's rollout (false without a rollout or without an install ID).
    let includesDevice: Bool
    /// The entries this device installs, skips and keeps, in manifest order.
    let modules: [ManifestModule]
    /// The rejected entries that fail on this device: the stable ones, then the rollout's when it is in.
    let rejected: [RejectedModule]
    private let rolloutNames: Set<String>

    init(_ manifest: Manifest, installID: String?) {
        self.manifest = manifest
        let rollout = manifest.rollout
        let includes = rollout.map { rollout in installID.map(rollout.includes(installID:)) ?? false } ?? false
        includesDevice = includes
        let rejectedInRollout = includes ? rollout?.rejectedModules ?? [] : []
        let refused = Set(rejectedInRollout.compactMap(\.name))
        modules = manifest.modules(inRollout: includes).filter { !refused.contains($0.name) }
        rejected = manifest.rejectedModules + rejectedInRollout
        rolloutNames = includes ? Set(rollout?.modules.map(\.name) ?? []) : []
    }

    /// The rollout id `module` (one of ``modules``) comes from, or nil for a stable entry.
    func rolloutID(of module: ManifestModule) -> String? {
        rolloutNames.contains(module.name) ? manifest.rollout?.id : nil
    }

    /// Every module name this device still lists: its entries and its rejected entries with a name.
    var listedNames: [String] {
        modules.map(\.name) + rejected.compactMap(\.name)
    }

    /// The rollout as the cycle report shows it; nil without one.
    var report: OTALocalizationCycleReport.Rollout? {
        manifest.rollout.map { .init(id: $0.id, basisPoints: $0.basisPoints, includesThisDevice: includesDevice) }
    }
}
