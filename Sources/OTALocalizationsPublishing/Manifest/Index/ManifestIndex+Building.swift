import Foundation
import OTALocalizationsCore
import OTALocalizationsNames

/// One part file of the published index: its file name in the version folder and its bytes (one gzip member).
public struct IndexPartFile: Sendable, Equatable {
    public var name: String
    public var bytes: Data

    /// How the root names this file.
    public var reference: PublishedFile {
        PublishedFile(path: name, sha256: SHA256Digest.hexString(bytes), size: Int64(bytes.count))
    }
}

/// The decoded parts of one set of module entries (the stable ones, or a rollout's).
public struct IndexContents: Sendable, Equatable {
    public var base: IndexBasePart
    public var full: IndexFilesPart
    /// By localization name.
    public var localizations: [String: IndexFilesPart]

    public init(base: IndexBasePart, full: IndexFilesPart, localizations: [String: IndexFilesPart]) {
        self.base = base
        self.full = full
        self.localizations = localizations
    }

    /// The parts describing `modules`: every module's base entry, its full ZIP, and its slice of each localization.
    public init(modules: [ManifestModule]) {
        var localizations: [String: [String: PublishedFile]] = [:]
        var full: [String: PublishedFile] = [:]
        for module in modules {
            full[module.name] = PublishedFile(path: module.path, sha256: module.sha256, size: module.size)
            for (name, slice) in module.slices?.localizations ?? [:] { localizations[name, default: [:]][module.name] = slice }
        }
        base = IndexBasePart(modules: modules.map { module in
            IndexBasePart.Entry(
                name: module.name, localizations: module.localizations, base: module.slices?.base,
                full: module.slices == nil ? PublishedFile(path: module.path, sha256: module.sha256, size: module.size) : nil)
        })
        self.full = IndexFilesPart(kind: .full, files: full)
        self.localizations = localizations.reduce(into: [:]) { result, item in
            result[item.key] = IndexFilesPart(kind: .localization(item.key), files: item.value)
        }
    }

    /// The module entries these parts describe, as a manifest lists them, and the entries set aside: a module of the
    /// base part whose full ZIP, or whose slice of one of its localizations (but the development region and `Base`),
    /// is missing from the other parts, or whose base entry names another full ZIP than the full part, is set aside
    /// with the reason; so are the parts' own rejected entries.
    public func modules(developmentRegion: String) -> (modules: [ManifestModule], rejected: [RejectedModule]) {
        var modules: [ManifestModule] = []
        var rejected = base.rejectedModules + full.rejectedModules
            + UTF8ByteOrder.sorted(Array(localizations.keys)).flatMap { localizations[$0]!.rejectedModules }
        for entry in base.modules {
            guard let zip = full.files[entry.name] else {
                rejected.append(RejectedModule(name: entry.name, reason: "module has no full ZIP in the index's full part"))
                continue
            }
            if let named = entry.full, named != zip {
                // A device without slices downloads the base part's ZIP, one with every localization the full part's.
                rejected.append(RejectedModule(name: entry.name, reason: "the index's base part and full part name different full ZIPs for the module"))
                continue
            }
            var slices: ManifestSlices?
            if let baseSlice = entry.base {
                var named: [String: PublishedFile] = [:]
                let sliced = entry.localizations.filter { $0 != developmentRegion && $0 != LocalizationFolder.base }
                for name in sliced { named[name] = localizations[name]?.files[entry.name] }
                let missing = sliced.filter { named[$0] == nil }
                guard missing.isEmpty else {
                    rejected.append(RejectedModule(name: entry.name, reason: "module has no slice for \(missing.joined(separator: ", ")) in the index's parts"))
                    continue
                }
                slices = ManifestSlices(base: baseSlice, localizations: named)
            }
            modules.append(ManifestModule(
                name: entry.name, path: zip.path, sha256: zip.sha256, size: zip.size, localizations: entry.localizations,
                slices: slices))
        }
        return (modules, rejected)
    }

    /// The part files, base then full then each localization in byte order, and the references the root gives them.
    /// - Throws: ``CompressionError`` `zlib` when zlib cannot initialize.
    func files() throws(CompressionError) -> (parts: IndexParts, files: [IndexPartFile]) {
        func file(_ kind: String, _ json: Data) throws(CompressionError) -> IndexPartFile {
            let bytes = try GzipMember.compress(json)
            return IndexPartFile(name: "index-\(kind)-\(SHA256Digest.hexString(bytes).prefix(16)).json.gz", bytes: bytes)
        }
        let baseFile = try file("base", base.encoded())
        let fullFile = try file("full", full.encoded())
        var files = [baseFile, fullFile]
        var named: [String: PublishedFile] = [:]
        for name in UTF8ByteOrder.sorted(Array(localizations.keys)) {
            let part = try file(name, localizations[name]!.encoded())
            files.append(part)
            named[name] = part.reference
        }
        return (IndexParts(base: baseFile.reference, full: fullFile.reference, localizations: named), files)
    }
}

extension ManifestIndex {
    /// The index that says what `manifest` says, and every part file it names (stable parts, then the rollout's, then
    /// each arm's in order; a part two sets share is listed once).
    ///
    /// - Throws: ``CompressionError`` `zlib` when zlib cannot initialize.
    package static func build(from manifest: Manifest) throws(CompressionError) -> (index: ManifestIndex, files: [IndexPartFile]) {
        let stable = try IndexContents(modules: manifest.modules).files()
        var files = stable.files
        var rollout: Rollout?
        if let running = manifest.rollout {
            let parts = try IndexContents(modules: running.modules).files()
            files += parts.files.filter { file in !files.contains { $0.name == file.name } }
            rollout = Rollout(id: running.id, basisPoints: running.basisPoints, parts: parts.parts, removedModules: running.removedModules)
        }
        var experiment: Experiment?
        if let running = manifest.experiment {
            var arms: [Experiment.Arm] = []
            for arm in running.arms {
                let parts = try IndexContents(modules: arm.modules).files()
                files += parts.files.filter { file in !files.contains { $0.name == file.name } }
                arms.append(.init(name: arm.name, range: arm.range, parts: parts.parts, removedModules: arm.removedModules))
            }
            experiment = Experiment(id: running.id, control: running.control, arms: arms)
        }
        var index = ManifestIndex(
            appVersion: manifest.appVersion, publishedAtTimestamp: manifest.publishedAtTimestamp,
            developmentRegion: manifest.developmentRegion, channel: manifest.channel, parts: stable.parts, rollout: rollout,
            experiment: experiment)
        index.expiresTimestamp = manifest.expiresTimestamp
        return (index, files)
    }

    /// The manifest this index and its decoded parts describe (`rollout` for the rollout's parts, when one runs;
    /// `arms` for each named arm's parts, by arm name, when an experiment runs: an arm without contents has no entries).
    public func manifest(
        stable: IndexContents, rollout rolloutContents: IndexContents?, arms: [String: IndexContents] = [:]
    ) -> Manifest {
        let (modules, rejected) = stable.modules(developmentRegion: developmentRegion)
        var manifestRollout: ManifestRollout?
        if let rollout {
            let (rolloutModules, rolloutRejected) = rolloutContents?.modules(developmentRegion: developmentRegion) ?? ([], [])
            manifestRollout = ManifestRollout(
                id: rollout.id, basisPoints: rollout.basisPoints, modules: rolloutModules, rejectedModules: rolloutRejected,
                removedModules: rollout.removedModules)
        }
        let manifestExperiment = experiment.map { experiment in
            ManifestExperiment(id: experiment.id, control: experiment.control, arms: experiment.arms.map { arm in
                let (armModules, armRejected) = arms[arm.name]?.modules(developmentRegion: developmentRegion) ?? ([], [])
                return ManifestExperiment.Arm(
                    name: arm.name, range: arm.range, modules: armModules, rejectedModules: armRejected,
                    removedModules: arm.removedModules)
            })
        }
        var manifest = Manifest(
            appVersion: appVersion, publishedAtTimestamp: publishedAtTimestamp, developmentRegion: developmentRegion,
            channel: channel, modules: modules, rejectedModules: rejected, rollout: manifestRollout,
            experiment: manifestExperiment)
        manifest.expiresTimestamp = expiresTimestamp
        return manifest
    }
}
