import Foundation
import OTALocalizationsCore

/// Reading and checking the manifests of a version folder, for `publish`, `promote` and `rollout`.
enum ManifestFiles {
    /// One file a manifest lists: a module's ZIP or one of its slices.
    struct Listed: Equatable {
        var path: String
        var size: Int64
        var sha256: String
    }

    /// Every file `manifest` lists (stable modules, their slices, the rollout's or each experiment arm's modules and
    /// theirs), each path once, in manifest order.
    static func listed(by manifest: Manifest) -> [Listed] {
        var seen: Set<String> = []
        var result: [Listed] = []
        func add(_ path: String, _ size: Int64, _ sha256: String) {
            if seen.insert(path).inserted { result.append(Listed(path: path, size: size, sha256: sha256)) }
        }
        let armModules: [ManifestModule] = manifest.experiment?.arms.flatMap(\.modules) ?? []
        let entries: [ManifestModule] = manifest.modules + (manifest.rollout?.modules ?? []) + armModules
        for module in entries {
            add(module.path, module.size, module.sha256)
            if let slices = module.slices {
                add(slices.base.path, slices.base.size, slices.base.sha256)
                for name in slices.localizations.keys.sorted() {
                    let slice = slices.localizations[name]!
                    add(slice.path, slice.size, slice.sha256)
                }
            }
        }
        return result
    }

    /// Decodes the manifest `name` read from `store`; nil when there is none.
    ///
    /// - Throws: ``PackagerError`` `refused` when it does not decode, has a rejected module entry, or is for another
    ///   app version or channel than its folder and name say.
    static func read(_ name: String, channel: String?, from store: any VersionFolderStore) throws(PackagerError) -> (manifest: Manifest, bytes: Data)? {
        guard let bytes = try store.read(name) else { return nil }
        let manifest = try decode(bytes, shownAs: store.location.display(name))
        try check(manifest, shownAs: store.location.display(name), appVersion: store.location.lastComponent, channel: channel)
        return (manifest, bytes)
    }

    static func decode(_ bytes: Data, shownAs shown: String) throws(PackagerError) -> Manifest {
        let manifest: Manifest
        do {
            manifest = try Manifest(bytes: bytes)
        } catch {
            throw PackagerError(code: .refused, reason: "\(shown): \(error); package the version again")
        }
        let armsRejected: [RejectedModule] = manifest.experiment?.arms.flatMap(\.rejectedModules) ?? []
        if let rejected = (manifest.rejectedModules + (manifest.rollout?.rejectedModules ?? []) + armsRejected).first {
            throw PackagerError(code: .refused, reason: "\(shown): module entry \(rejected.name ?? "(unnamed)") is invalid: \(rejected.reason)")
        }
        return manifest
    }

    static func check(_ manifest: Manifest, shownAs shown: String, appVersion: String, channel: String?) throws(PackagerError) {
        guard manifest.appVersion == appVersion else {
            throw PackagerError(code: .refused, reason: "\(shown) is the manifest of app version \(manifest.appVersion), but its folder is \(appVersion); publish each version folder under its own name")
        }
        let expected = ManifestChannel.recorded(channel)
        guard manifest.channel == expected else {
            throw PackagerError(
                code: .refused,
                reason: "\(shown) records channel \(manifest.channel ?? ManifestChannel.production), not \(expected ?? ManifestChannel.production); "
                    + "a manifest is only published under its own channel's name")
        }
    }

    /// The files `manifest` lists that `listing` (a store's) lacks or has with another size, one sentence each.
    static func missing(_ manifest: Manifest, in listing: [String: StoredObject]) -> [String] {
        listed(by: manifest).compactMap { file in
            guard let object = listing[file.path] else { return "\(file.path) is missing" }
            return object.size == file.size ? nil : "\(file.path) is \(object.size) bytes, the manifest lists \(file.size)"
        }
    }

    /// The files of `manifest` whose bytes ``damaged(_:in:)`` reads: every file for a folder (reading it is cheap),
    /// the files `known` does not already list with the same SHA-256 for S3 (a listing carries no checksums; `known` is
    /// the manifest being replaced, whose files were checked when they were published).
    static func toRead(_ manifest: Manifest, in store: any VersionFolderStore, known: Manifest?) -> [Listed] {
        let trusted = store is LocalFolderStore ? [] : Set((known.map(listed(by:)) ?? []).map { "\($0.path) \($0.sha256)" })
        return listed(by: manifest).filter { !trusted.contains("\($0.path) \($0.sha256)") }
    }

    /// The files of `toRead` (``toRead(_:in:known:)``) whose bytes at the destination do not have the listed SHA-256,
    /// one sentence each; read in bulk.
    static func damaged(_ toRead: [Listed], in store: any VersionFolderStore) throws(PackagerError) -> [String] {
        let bytes = try store.download(toRead.map(\.path))
        return toRead.compactMap { file in
            guard let data = bytes[file.path] else { return "\(file.path) is missing" }
            let digest = SHA256Digest.hexString(data)
            return digest == file.sha256 ? nil : "\(file.path) has SHA-256 \(digest), the manifest lists \(file.sha256)"
        }
    }

    /// The `publishedAt` for a manifest that replaces one published at `previous`: now in whole seconds, or, when the
    /// clock is not past `previous`, one millisecond after it (devices ignore a manifest older than the one they
    /// installed from, so a replacement is always strictly later).
    static func nextPublishedAt(after previous: ManifestTimestamp?, now: Date) -> ManifestTimestamp {
        let candidate = ManifestTimestamp(secondsSince1970: Int64(now.timeIntervalSince1970.rounded(.down)))
        guard let previous, candidate <= previous else { return candidate }
        return previous.adding(seconds: 0.001)
    }
}
