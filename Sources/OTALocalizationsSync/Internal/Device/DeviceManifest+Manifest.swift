import Foundation
import OTALocalizations
import OTALocalizationsCore

extension DeviceManifest {
    /// The entries of `manifest` (format 1) for the device with `installID` and `selection`: every slice of a module
    /// the manifest cuts into slices is kept (``SlicePlan`` chooses), the full ZIP otherwise or with
    /// ``OTALocalizationSelection/everyLocalization``.
    ///
    /// A rollout entry that was rejected fails its module on devices in the rollout only, where that module keeps what
    /// it has installed (its stable entry is not installed instead); elsewhere it is not looked at.
    init(manifest: Manifest, installID: String?, selection: OTALocalizationSelection, caps: DeviceCaps) {
        let rollout = manifest.rollout
        let includes = rollout.map { rollout in installID.map(rollout.includes(installID:)) ?? false } ?? false
        let rejectedInRollout = includes ? rollout?.rejectedModules ?? [] : []
        let refused = Set(rejectedInRollout.compactMap(\.name))
        let rolloutNames = includes ? Set(rollout?.modules.map(\.name) ?? []) : []
        var rejected = (manifest.rejectedModules + rejectedInRollout).map(DeviceRejection.init)
        var modules: [DeviceModule] = []
        for entry in manifest.modules(inRollout: includes) where !refused.contains(entry.name) {
            let content: DeviceModule.Content
            if let slices = entry.slices, !selection.isEveryLocalization {
                content = .sliced(base: slices.base, slices: slices.localizations)
            } else {
                content = .full(ManifestSlice(path: entry.path, sha256: entry.sha256, size: entry.size))
            }
            let module = DeviceModule(
                name: entry.name, localizations: entry.localizations,
                rolloutID: rolloutNames.contains(entry.name) ? rollout?.id : nil, content: content)
            if let problem = caps.problem(with: module) {
                rejected.append(problem)
            } else {
                modules.append(module)
            }
        }
        self.init(
            source: .manifest, appVersion: manifest.appVersion, publishedAt: manifest.publishedAtTimestamp,
            developmentRegion: manifest.developmentRegion, channel: manifest.channel,
            rollout: rollout.map { .init(id: $0.id, basisPoints: $0.basisPoints, includesThisDevice: includes) },
            modules: modules, rejected: rejected, everyLocalization: selection.isEveryLocalization)
    }
}

/// The per-module caps of a device (``OTALocalizationServiceConfiguration``): a module over one fails with `limit`.
struct DeviceCaps: Sendable {
    var maximumSlicesPerModule: Int
    var maximumLocalizationsPerModule: Int
    /// ``OTALocalizationServiceConfiguration/maximumManifestModules``: the entries one publish may list.
    var maximumModules: Int

    init(_ configuration: OTALocalizationServiceConfiguration) {
        maximumSlicesPerModule = configuration.maximumSlicesPerModule
        maximumLocalizationsPerModule = configuration.maximumLocalizationsPerModule
        maximumModules = configuration.maximumManifestModules
    }

    /// Why `module` is over a cap, or nil.
    func problem(with module: DeviceModule) -> DeviceRejection? {
        if module.localizations.count > maximumLocalizationsPerModule {
            return DeviceRejection(
                name: module.name, reason: "module lists \(module.localizations.count) localizations, more than the \(maximumLocalizationsPerModule) accepted (maximumLocalizationsPerModule)",
                code: .limit)
        }
        if case .sliced(_, let slices) = module.content, slices.count > maximumSlicesPerModule {
            return DeviceRejection(
                name: module.name, reason: "module has \(slices.count) slices, more than the \(maximumSlicesPerModule) accepted (maximumSlicesPerModule)",
                code: .limit)
        }
        return nil
    }
}
