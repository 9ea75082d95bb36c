import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing

/// The manifest a published index describes, read from its parts at the destination.
enum PublishedIndexReading {
    /// What `index` and its parts say, as a manifest (``ManifestIndex/manifest(stable:rollout:arms:)``); nil when a part is
    /// missing, is not the size and SHA-256 the root names, or does not decode. The parts are read in one batch.
    static func manifest(of index: ManifestIndex, in store: any VersionFolderStore) throws(PackagerError) -> Manifest? {
        let references = index.referencedParts
        let read = try store.download(references.map(\.path))
        var decoded: [String: Data] = [:]
        for reference in references {
            guard let bytes = read[reference.path], Int64(bytes.count) == reference.size, SHA256Digest.hexString(bytes) == reference.sha256,
                  let json = try? GzipMember.decompress(bytes, maximumBytes: Int(IndexParts.maximumInflatedBytes))
            else { return nil }
            decoded[reference.path] = json
        }
        func contents(_ parts: IndexParts) -> IndexContents? {
            guard let base = decoded[parts.base.path].flatMap({ try? IndexBasePart(bytes: $0) }),
                  let full = decoded[parts.full.path].flatMap({ try? IndexFilesPart(bytes: $0, kind: .full) }) else { return nil }
            var localizations: [String: IndexFilesPart] = [:]
            for (name, reference) in parts.localizations {
                guard let part = decoded[reference.path].flatMap({ try? IndexFilesPart(bytes: $0, kind: .localization(name)) }) else { return nil }
                localizations[name] = part
            }
            return IndexContents(base: base, full: full, localizations: localizations)
        }
        guard let stable = contents(index.parts) else { return nil }
        var rollout: IndexContents?
        if let running = index.rollout {
            guard let parts = contents(running.parts) else { return nil }
            rollout = parts
        }
        var arms: [String: IndexContents] = [:]
        for arm in index.experiment?.arms ?? [] {
            guard let parts = contents(arm.parts) else { return nil }
            arms[arm.name] = parts
        }
        return index.manifest(stable: stable, rollout: rollout, arms: arms)
    }
}
