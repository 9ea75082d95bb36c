import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsNames

/// Where a device gets the published index's parts: its cache, or the host (``IndexPartLoader``).
protocol IndexPartSource: Sendable {
    /// The base part `reference` names.
    func base(_ reference: PublishedFile) async throws(CycleFailure) -> IndexBasePart
    /// The full part or a localization part `reference` names.
    func files(_ reference: PublishedFile, kind: IndexFilesPart.Kind) async throws(CycleFailure) -> IndexFilesPart
}

extension DeviceManifest {
    /// The entries of the published index `index` for the device with `installID` and `selection`, reading only the
    /// parts it uses: the base part (and the rollout's, when the device is in it, or its arm's, when its bucket or
    /// `forcedArm` places it in an experiment's arm; a forced arm the experiment lacks is ignored), then the part of each
    /// localization its languages choose from some module (the full part instead, with
    /// ``OTALocalizationSelection/everyLocalization``).
    ///
    /// A module whose slice of a chosen localization is missing from the parts fails alone (`manifest`).
    /// - Throws: ``CycleFailure`` when a part cannot be fetched, verified or decoded.
    static func assemble(
        index: ManifestIndex, installID: String?, forcedArm: String? = nil, choices: LocalizationChoices, caps: DeviceCaps,
        parts: any IndexPartSource
    ) async throws(CycleFailure) -> DeviceManifest {
        let includes = index.rollout.map { rollout in
            installID.map { ManifestRollout.bucket(rolloutID: rollout.id, installID: $0) < rollout.basisPoints } ?? false
        } ?? false
        var entries = try await origins(index.parts, rolloutID: nil, parts: parts, caps: caps)
        var rejected = entries.rejected
        if includes, let rollout = index.rollout {
            let staged = try await origins(rollout.parts, rolloutID: rollout.id, parts: parts, caps: caps)
            entries.entries = RolloutMerge.entries(
                stable: entries.entries, rollout: staged.entries, removed: Set(rollout.removedModules),
                refused: Set(staged.rejected.compactMap(\.name)), name: \.entry.name)
            rejected += staged.rejected
            try checkSize(entries.entries.count + rejected.count, caps: caps)
        }
        let placement = index.experiment.map { ExperimentPlacement(experiment: $0, installID: installID, forcedArm: forcedArm) }
        if let placement, case .arm(let name) = placement.assignment, let arm = index.experiment?.arm(named: name) {
            let staged = try await origins(arm.parts, rolloutID: nil, fromArm: true, parts: parts, caps: caps)
            entries.entries = RolloutMerge.entries(
                stable: entries.entries, rollout: staged.entries, removed: Set(arm.removedModules),
                refused: Set(staged.rejected.compactMap(\.name)), name: \.entry.name)
            rejected += staged.rejected
            try checkSize(entries.entries.count + rejected.count, caps: caps)
        }
        let tag = placement?.report.arm == nil ? nil : placement?.report
        var modules: [DeviceModule] = []
        var wanted: [(index: Int, origin: Origin, localizations: [String])] = []
        for item in entries.entries {
            let entry = item.entry
            var content: DeviceModule.Content
            if choices.selection.isEveryLocalization {
                let full = try await parts.files(item.origin.parts.full, kind: .full)
                guard let zip = full.files[entry.name] ?? entry.full else {
                    rejected.append(DeviceRejection(name: entry.name, reason: "module has no full ZIP in the index's full part"))
                    continue
                }
                if let named = entry.full, named != zip {
                    rejected.append(DeviceRejection(name: entry.name, reason: "the index's base part and full part name different full ZIPs for the module"))
                    continue
                }
                content = .full(zip)
            } else if let zip = entry.full {
                content = .full(zip)
            } else {
                content = .sliced(base: entry.base!, slices: [:])
                let chosen = choices.localizations(from: SlicePlan.available(entry.localizations))
                    .filter { $0 != index.developmentRegion && $0 != LocalizationFolder.base }
                wanted.append((modules.count, item.origin, chosen))
            }
            modules.append(DeviceModule(
                name: entry.name, localizations: entry.localizations, rolloutID: item.origin.rolloutID, content: content,
                experiment: tag, fromArm: item.origin.fromArm))
        }
        var failed: Set<Int> = []
        for (position, origin, localizations) in wanted {
            guard case .sliced(let base, _) = modules[position].content else { continue }
            var slices: [String: PublishedFile] = [:]
            for localization in localizations {
                guard let reference = origin.parts.localizations[localization],
                      let slice = try await parts.files(reference, kind: .localization(localization)).files[modules[position].name]
                else {
                    rejected.append(DeviceRejection(name: modules[position].name, reason: "module has no slice for \(localization) in the index's parts"))
                    failed.insert(position)
                    break
                }
                slices[localization] = slice
            }
            modules[position].content = .sliced(base: base, slices: slices)
        }
        var kept: [DeviceModule] = []
        for (position, module) in modules.enumerated() where !failed.contains(position) {
            if let problem = caps.problem(with: module) { rejected.append(problem) } else { kept.append(module) }
        }
        return DeviceManifest(
            appVersion: index.appVersion, publishedAt: index.publishedAtTimestamp,
            developmentRegion: index.developmentRegion, channel: index.channel,
            rollout: index.rollout.map { .init(id: $0.id, basisPoints: $0.basisPoints, includesThisDevice: includes) },
            experiment: placement?.report, experimentBasis: placement?.basis,
            modules: kept, rejected: rejected, everyLocalization: choices.selection.isEveryLocalization,
            expires: index.expiresTimestamp)
    }

    /// Which parts an entry's slices come from: the stable ones, the rollout's or the device's arm's.
    struct Origin {
        var parts: IndexParts
        var rolloutID: String?
        var fromArm: Bool = false
    }

    /// The entries of one base part; refused (`limit`) when it lists more modules than the device accepts, before
    /// any other work on them.
    private static func origins(
        _ indexParts: IndexParts, rolloutID: String?, fromArm: Bool = false, parts: any IndexPartSource, caps: DeviceCaps
    ) async throws(CycleFailure) -> (entries: [(entry: IndexBasePart.Entry, origin: Origin)], rejected: [DeviceRejection]) {
        let base = try await parts.base(indexParts.base)
        try checkSize(base.modules.count + base.rejectedModules.count, caps: caps)
        let origin = Origin(parts: indexParts, rolloutID: rolloutID, fromArm: fromArm)
        return (base.modules.map { ($0, origin) }, base.rejectedModules.map(DeviceRejection.init))
    }

    private static func checkSize(_ count: Int, caps: DeviceCaps) throws(CycleFailure) {
        if Task.isCancelled { throw CycleFailure.cancelled }
        guard count <= caps.maximumModules else {
            throw CycleFailure(
                .limit, "the index lists \(count) module entries, more than the \(caps.maximumModules) accepted (maximumManifestModules)")
        }
    }
}
