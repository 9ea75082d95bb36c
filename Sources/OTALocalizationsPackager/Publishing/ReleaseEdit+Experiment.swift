import Foundation
import OTALocalizationsNames
import OTALocalizationsCore

/// One arm an experiment's start gives: its name and the published channel whose modules it shows.
package struct ExperimentArmSource: Sendable, Equatable {
    /// The arm's name (``ManifestExperiment/isValidArmName(_:)``).
    package var name: String
    /// The channel read (`manifest.<channel>.json`), never production (control's).
    package var channel: String

    package init(name: String, channel: String) {
        self.name = name
        self.channel = channel
    }
}

extension ReleaseEdit {
    /// The most arms an experiment has besides control.
    package static var maximumExperimentArms: Int { ManifestExperiment.maximumArms }

    /// The buckets each arm and control get when an experiment with `arms` arms starts: 10,000 / (arms + 1), integer
    /// division (docs/rollouts.md, "Copy experiments with arms"). Control's slot starts at 0, arm i's (1-based) at
    /// i × slot; a share never grows past it, so no bucket moves from one arm to another.
    package static func experimentSlot(arms: Int) -> Int {
        10_000 / (max(arms, 0) + 1)
    }

    /// Starts the experiment `id` on production: each of `arms` gets the modules of its channel that differ from
    /// production's stable ones (and the removal of those the channel lacks), as a staged rollout of that channel
    /// would; control keeps production's stable modules. Control and the arms, in the order given, take equal slots
    /// of the buckets (``experimentSlot(arms:)``), `basisPoints` of each from its start. Without a production
    /// manifest, the experiment starts on one with no stable modules.
    ///
    /// Run again after it finished (the same id, arms and share), it writes the same experiment again.
    ///
    /// - Throws: ``PackagerError``: `configuration` for an id, arm name or channel that cannot be one, no arm or more
    ///   than ``maximumExperimentArms``, or `basisPoints` past the slot (field ``PackagerError/Field/experimentBasisPoints``);
    ///   `refused` when an arm's channel has no manifest (``PackagerError/Field/promotionSource``), carries a rollout
    ///   or an experiment itself, or has nothing that differs from production's, when production carries a rollout
    ///   (``PackagerError/Field/rolloutInProgress``) or another experiment
    ///   (``PackagerError/Field/experimentInProgress``); as ``promote(from:to:rolloutBasisPoints:_:)`` otherwise.
    package static func startExperiment(
        id: String, arms: [ExperimentArmSource], basisPoints: Int, _ options: ReleaseEditOptions
    ) throws(PackagerError) -> ReleaseEditResult {
        try checkStart(id: id, arms: arms, basisPoints: basisPoints)
        let store = try VersionFolderStores.open(options.versionFolder, environment: options.environment)
        return try store.withLock { () throws(PackagerError) -> ReleaseEditResult in
            options.progress(.read)
            let listed = try store.list()
            var staged: [(source: ExperimentArmSource, manifest: Manifest)] = []
            var vouchers: [HeaderCheck.Voucher] = []
            for arm in arms {
                let manifest = try source(arm.channel, in: store, listed: listed, options)
                staged.append((arm, manifest))
                if let voucher = try HeaderCheck.voucher(for: manifest, channel: arm.channel, listed: listed, in: store) {
                    vouchers.append(voucher)
                }
            }
            let slot = experimentSlot(arms: arms.count)
            let name = ManifestChannel.manifestFileName(channel: nil)
            let location = options.versionFolder.display(name)
            return try apply(to: nil, in: store, listed: listed, options, newRolloutID: false, vouchers: vouchers) {
                current throws(PackagerError) -> Manifest in
                if let current { try options.checkExpected(current, shownAs: location) }
                if let rollout = current?.rollout {
                    throw PackagerError(
                        code: .refused,
                        reason: "\(location) carries the staged rollout \(rollout.id): a manifest carries a rollout or an experiment, "
                            + "not both. Finish or cancel the rollout first; nothing was written",
                        field: .rolloutInProgress, facts: PackagerError.Facts(value: rollout.id, location: location))
                }
                if let running = current?.experiment, running.id != id { throw experimentInProgress(running, at: location) }
                var base = current ?? staged[0].manifest
                if current == nil { base.modules = [] }
                base.channel = nil
                let running = base.experiment
                base.experiment = nil
                var made: [ManifestExperiment.Arm] = []
                for (index, arm) in staged.enumerated() {
                    let (changed, removed) = differences(of: arm.manifest, from: base.modules)
                    guard !changed.isEmpty || !removed.isEmpty else {
                        throw PackagerError(
                            code: .refused,
                            reason: "every module of \(options.versionFolder.display(ManifestChannel.manifestFileName(channel: arm.source.channel))) "
                                + "is already production's: arm \(arm.source.name) would show control's text. Publish the arm's text to "
                                + "its channel first; nothing was written")
                    }
                    made.append(ManifestExperiment.Arm(
                        name: arm.source.name, range: ManifestExperiment.BucketRange(start: (index + 1) * slot, basisPoints: basisPoints),
                        modules: changed, removedModules: removed))
                }
                let experiment = ManifestExperiment(
                    id: id, control: ManifestExperiment.BucketRange(start: 0, basisPoints: basisPoints), arms: made)
                if let running, running != experiment {
                    throw experimentInProgress(running, at: location)
                }
                base.experiment = experiment
                base.publishedAtTimestamp = ManifestFiles.nextPublishedAt(after: current?.publishedAtTimestamp, now: options.now)
                base.expiresTimestamp = movedExpiry(of: current, to: base.publishedAtTimestamp)
                return base
            }
        }
    }

    /// Sets the share of every arm and control (`arm` nil), or of `arm` (an arm's name or `control`) only: each
    /// range keeps its start and ends `basisPoints` after it, so growing a share only adds devices to that arm.
    ///
    /// - Throws: ``PackagerError`` `refused` when production has no experiment
    ///   (``PackagerError/Field/experimentID``), `arm` is not one of its arms (``PackagerError/Field/experimentArm``),
    ///   or `basisPoints` is more than a range may have: its slot, and never past the start of the next range
    ///   (``PackagerError/Field/experimentBasisPoints``); as ``promote(from:to:rolloutBasisPoints:_:)`` otherwise.
    package static func setExperimentShare(
        basisPoints: Int, arm: String?, _ options: ReleaseEditOptions
    ) throws(PackagerError) -> ReleaseEditResult {
        guard (0...10_000).contains(basisPoints) else {
            throw PackagerError(code: .configuration, reason: "a share is 0 to 10000 basis points, not \(basisPoints)")
        }
        return try editExperiment(options) { manifest, experiment, location throws(PackagerError) in
            var experiment = experiment
            let names = [ManifestExperiment.controlArmName] + experiment.arms.map(\.name)
            if let arm, !names.contains(arm) {
                throw PackagerError(
                    code: .refused,
                    reason: "experiment \(experiment.id) has no arm \(arm); its arms are \(Self.list(names))",
                    field: .experimentArm, facts: PackagerError.Facts(value: arm, problem: Self.list(names), location: location))
            }
            for name in names where arm == nil || arm == name {
                let most = Self.mostBasisPoints(of: name, in: experiment)
                guard basisPoints <= most else {
                    let percent = ManifestExperiment.BucketRange(start: 0, basisPoints: most).percentText
                    throw PackagerError(
                        code: .refused,
                        reason: "\(name == ManifestExperiment.controlArmName ? "control" : "arm \(name)") of experiment \(experiment.id) "
                            + "may have at most \(percent)%: its range grows from its start only, up to its slot and never into the next "
                            + "range; nothing was written",
                        field: .experimentBasisPoints, facts: PackagerError.Facts(value: name, problem: percent, location: location))
                }
                if name == ManifestExperiment.controlArmName {
                    experiment.control.basisPoints = basisPoints
                } else if let index = experiment.arms.firstIndex(where: { $0.name == name }) {
                    experiment.arms[index].range.basisPoints = basisPoints
                }
            }
            // The slot rule keeps ranges apart for an experiment `experiment start` wrote; one edited by hand (a range
            // starting inside another) could still overlap: devices would refuse the manifest, so nothing is written.
            if let problem = experiment.problem {
                throw PackagerError(
                    code: .refused,
                    reason: "\(location): these shares give experiment \(experiment.id) ranges that devices refuse (\(problem)); "
                        + "nothing was written. Ask for a share that keeps each range out of the others' buckets",
                    facts: PackagerError.Facts(value: arm ?? "every range", problem: problem, location: location))
            }
            manifest.experiment = experiment
        }
    }

    /// Ends the experiment: the `winner` arm's entries replace (or join) the stable ones and the modules it removes go,
    /// for every device, as a finished rollout's; `control` keeps the stable modules. The experiment is dropped.
    ///
    /// - Throws: ``PackagerError`` `refused` when production has no experiment
    ///   (``PackagerError/Field/experimentID``) or `winner` is not one of its arms
    ///   (``PackagerError/Field/experimentWinner``); as ``promote(from:to:rolloutBasisPoints:_:)`` otherwise.
    package static func endExperiment(winner: String, _ options: ReleaseEditOptions) throws(PackagerError) -> ReleaseEditResult {
        try editExperiment(options) { manifest, experiment, location throws(PackagerError) in
            manifest.experiment = nil
            guard winner != ManifestExperiment.controlArmName else { return }
            guard experiment.arm(named: winner) != nil else {
                let names = [ManifestExperiment.controlArmName] + experiment.arms.map(\.name)
                throw PackagerError(
                    code: .refused,
                    reason: "experiment \(experiment.id) has no arm \(winner); its arms are \(Self.list(names))",
                    field: .experimentWinner, facts: PackagerError.Facts(value: winner, problem: Self.list(names), location: location))
            }
            var ended = manifest
            ended.experiment = experiment
            let modules = ended.modules(inArm: winner)
            manifest.modules = UTF8ByteOrder.positions(of: modules.map(\.name)).map { modules[$0] }
        }
    }

    /// The most basis points the range `name` (an arm or control) of `experiment` may have: its slot
    /// (``experimentSlot(arms:)``), and never past the start of the range after it (or 10,000).
    static func mostBasisPoints(of name: String, in experiment: ManifestExperiment) -> Int {
        let ranges = [(ManifestExperiment.controlArmName, experiment.control.start)] + experiment.arms.map { ($0.name, $0.range.start) }
        guard let start = ranges.first(where: { $0.0 == name })?.1 else { return 0 }
        let next = ranges.map(\.1).filter { $0 > start }.min() ?? 10_000
        return max(0, min(experimentSlot(arms: experiment.arms.count), next - start))
    }

    /// The entries of `staged` that differ from `stable`'s, and the names of the stable modules it lacks (sorted by
    /// their UTF-8 bytes): what a device shown `staged` instead of `stable` installs and drops.
    static func differences(of staged: Manifest, from stable: [ManifestModule]) -> (changed: [ManifestModule], removed: [String]) {
        let byName = Dictionary(stable.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let changed = staged.modules.filter { byName[$0.name] != $0 }
        let kept = Set(staged.modules.map(\.name))
        return (changed, UTF8ByteOrder.sorted(stable.map(\.name).filter { !kept.contains($0) }))
    }

    /// The error of a production manifest carrying the experiment `running`, where a rollout or another experiment
    /// was asked for.
    static func experimentInProgress(_ running: ManifestExperiment, at location: String) -> PackagerError {
        PackagerError(
            code: .refused,
            reason: "\(location) carries the experiment \(running.id): a manifest carries a rollout or one experiment, not more. "
                + "End it first; nothing was written",
            field: .experimentInProgress, facts: PackagerError.Facts(value: running.id, location: location))
    }

    /// `a, b and c`.
    private static func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// Checks what ``startExperiment(id:arms:basisPoints:_:)`` is given, before anything is read.
    private static func checkStart(id: String, arms: [ExperimentArmSource], basisPoints: Int) throws(PackagerError) {
        guard ManifestRollout.isValidID(id) else {
            throw PackagerError(code: .configuration, reason: "experiment id '\(id)' is not 1 to 64 ASCII letters, digits, '-' or '_'")
        }
        guard (1...maximumExperimentArms).contains(arms.count) else {
            throw PackagerError(code: .configuration, reason: "an experiment has 1 to \(maximumExperimentArms) arms besides control, not \(arms.count)")
        }
        var seen: Set<String> = []
        for arm in arms {
            guard ManifestExperiment.isValidArmName(arm.name), seen.insert(arm.name).inserted else {
                throw PackagerError(code: .configuration, reason: "arm name '\(arm.name)' is not an arm name, or is given twice: 1 to 32 "
                    + "lowercase letters, digits and '-', starting with a letter, not control")
            }
            guard ManifestChannel.isValidName(arm.channel) else {
                throw PackagerError(code: .configuration, reason: "arm \(arm.name)'s channel '\(arm.channel)' is not a channel other than production")
            }
        }
        let slot = experimentSlot(arms: arms.count)
        guard (0...slot).contains(basisPoints) else {
            let percent = ManifestExperiment.BucketRange(start: 0, basisPoints: slot).percentText
            throw PackagerError(
                code: .configuration,
                reason: "with \(arms.count) arm\(arms.count == 1 ? "" : "s") and control, each may have at most \(percent)% (\(slot) buckets), "
                    + "not \(ManifestExperiment.BucketRange(start: 0, basisPoints: basisPoints).percentText)%",
                field: .experimentBasisPoints, facts: PackagerError.Facts(problem: percent))
        }
    }

    /// The manifest of `channel` an arm shows, read as `promote` reads its source.
    private static func source(
        _ channel: String, in store: any VersionFolderStore, listed: [String: StoredObject], _ options: ReleaseEditOptions
    ) throws(PackagerError) -> Manifest {
        let name = ManifestChannel.manifestFileName(channel: channel)
        guard let manifest = try ChannelManifest.read(channel, from: store, listed: listed, trustedKeys: options.verifyingKeys) else {
            throw PackagerError(
                code: .refused,
                reason: "\(options.versionFolder.display(name)): no such manifest; publish the channel first (package and publish "
                    + "channel \(channel)), and check that \(options.versionFolder) is the version folder publish wrote: <base>/<app "
                    + "version>, e.g. s3://strings/ios/1.0.0",
                field: .promotionSource,
                facts: PackagerError.Facts(
                    value: channel, problem: "\(options.versionFolder.display(name)): no such manifest", location: "\(options.versionFolder)"))
        }
        if manifest.rollout != nil || manifest.experiment != nil {
            throw PackagerError(
                code: .refused,
                reason: "\(options.versionFolder.display(name)) carries a rollout or an experiment; only production's manifest may")
        }
        return manifest
    }

    /// Runs `change` on production's manifest and its experiment, with a later `publishedAt`.
    private static func editExperiment(
        _ options: ReleaseEditOptions,
        _ change: @escaping (inout Manifest, ManifestExperiment, String) throws(PackagerError) -> Void
    ) throws(PackagerError) -> ReleaseEditResult {
        let store = try VersionFolderStores.open(options.versionFolder, environment: options.environment)
        return try store.withLock { () throws(PackagerError) -> ReleaseEditResult in
            options.progress(.read)
            let listed = try store.list()
            let location = options.versionFolder.display(ManifestChannel.manifestFileName(channel: nil))
            return try apply(to: nil, in: store, listed: listed, options, newRolloutID: false) { current throws(PackagerError) -> Manifest in
                guard let current else {
                    throw PackagerError(code: .refused, reason: "\(location): no such manifest; publish and start an experiment first, and check "
                        + "that \(options.versionFolder) is the version folder publish wrote: <base>/<app version>, e.g. s3://strings/ios/1.0.0")
                }
                try options.checkExpected(current, shownAs: location)
                guard let experiment = current.experiment else {
                    throw PackagerError(
                        code: .refused, reason: "\(location) has no experiment; start one first",
                        field: .experimentID, facts: PackagerError.Facts(location: location))
                }
                var manifest = current
                try change(&manifest, experiment, location)
                manifest.publishedAtTimestamp = ManifestFiles.nextPublishedAt(after: current.publishedAtTimestamp, now: options.now)
                manifest.expiresTimestamp = movedExpiry(of: current, to: manifest.publishedAtTimestamp)
                return manifest
            }
        }
    }
}
