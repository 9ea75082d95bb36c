import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// A module published as the packager publishes it: a full ZIP and its slices (base: `Info.plist` and `en.lproj`;
/// one per other localization), each written by `ZipWriter` and hashed with `sha256sum`.
struct SlicedModule {
    var name: String
    var full: PublishedModule
    var slices: [String: PublishedModule]

    /// `name` with `texts` (localization → greeting), the development region `en` among them.
    static func make(_ name: String, _ texts: [String: String]) throws -> SlicedModule {
        func table(_ text: String) -> Data { Data("\"greeting\" = \"\(text)\";\n".utf8) }
        var all: [String: Data] = ["Info.plist": SyncFixture.infoPlist]
        for (localization, text) in texts { all["\(localization).lproj/Localizable.strings"] = table(text) }
        let full = try SyncFixture.module(name, files: all)
        var slices: [String: PublishedModule] = [:]
        slices["base"] = try SyncFixture.module(name, files: ["Info.plist": SyncFixture.infoPlist, "en.lproj/Localizable.strings": table(texts["en"]!)])
        for (localization, text) in texts where localization != "en" {
            slices[localization] = try SyncFixture.module(name, files: ["\(localization).lproj/Localizable.strings": table(text)])
        }
        for (key, slice) in slices { slices[key]!.path = "\(name)-\(key)-\(slice.sha256.prefix(16)).zip" }
        return SlicedModule(name: name, full: full, slices: slices)
    }

    /// The manifest entry.
    var entry: ManifestModule {
        func file(_ module: PublishedModule) -> PublishedFile { PublishedFile(path: module.path, sha256: module.sha256, size: Int64(module.zip.count)) }
        var named: [String: PublishedFile] = [:]
        for (key, slice) in slices where key != "base" { named[key] = file(slice) }
        return ManifestModule(
            name: name, path: full.path, sha256: full.sha256, size: Int64(full.zip.count),
            localizations: (Array(named.keys) + ["en"]).sorted(), slices: ManifestSlices(base: file(slices["base"]!), localizations: named))
    }
}

extension SyncFixture {
    /// Serves what `package` and `publish` put on a host for `modules` (and a rollout of `rollout`): every ZIP and
    /// slice, `manifest.json`, and the published index (`index.json` and its parts); signed with `keys` when given.
    /// Returns the manifest.
    @discardableResult
    func publishIndexed(
        _ modules: [SlicedModule], rollout: [SlicedModule] = [], rolloutID: String = "r1", basisPoints: Int = 10_000,
        removed: [String] = [], publishedAt: String = "2026-07-24T10:00:00Z", signedBy keys: [ManifestSigningKey] = [],
        appVersion: String = "1.0"
    ) throws -> Manifest {
        var manifest = Manifest(
            appVersion: appVersion, publishedAtTimestamp: ManifestDate.parseTimestamp(publishedAt)!, developmentRegion: "en",
            modules: modules.map(\.entry))
        if !rollout.isEmpty || !removed.isEmpty {
            manifest.rollout = ManifestRollout(id: rolloutID, basisPoints: basisPoints, modules: rollout.map(\.entry), removedModules: removed)
        }
        for module in modules + rollout {
            for zip in [module.full] + Array(module.slices.values) { transport.serve(Self.url(appVersion, zip.path), zip.zip) }
        }
        try serve(manifest, signedBy: keys)
        return manifest
    }

    /// Serves the root files and index parts `package` writes for `manifest` (not its ZIPs), in its app version's
    /// folder (`folder` instead when given): `manifest.json` and `index.json` (the channel's names on a channel) and
    /// every part, and with `keys` their envelopes.
    ///
    /// `rawEntries` and `rawRolloutEntries` are JSON texts spliced first into the modules of the stable and the
    /// rollout's base part (malformed entries the Core model cannot write); the index then names the edited part.
    func serve(
        _ manifest: Manifest, rawEntries: [String] = [], rawRolloutEntries: [String] = [],
        signedBy keys: [ManifestSigningKey] = [], folder: String? = nil
    ) throws {
        let folder = folder ?? manifest.appVersion
        let built = try ManifestIndex.build(from: manifest)
        var index = built.index
        var files = built.files.map { (name: $0.name, bytes: $0.bytes) }
        if !rawEntries.isEmpty {
            let edited = try Self.splice(rawEntries, into: index.parts.base, files)
            files.append(edited.file)
            index.parts.base = edited.reference
        }
        if !rawRolloutEntries.isEmpty, let rollout = index.rollout {
            let edited = try Self.splice(rawRolloutEntries, into: rollout.parts.base, files)
            files.append(edited.file)
            index.rollout?.parts.base = edited.reference
        }
        for part in files { transport.serve(Self.url(folder, part.name), part.bytes) }
        let manifestBytes = manifest.encoded()
        let indexBytes = index.encoded()
        transport.serve(Self.url(folder, ManifestChannel.manifestFileName(channel: manifest.channel)), manifestBytes)
        transport.serve(Self.url(folder, ManifestChannel.indexFileName(channel: manifest.channel)), indexBytes)
        if !keys.isEmpty {
            transport.serve(
                Self.url(folder, ManifestChannel.envelopeFileName(channel: manifest.channel)),
                ManifestEnvelope(signing: manifestBytes, with: keys).encoded())
            transport.serve(
                Self.url(folder, ManifestChannel.indexEnvelopeFileName(channel: manifest.channel)),
                ManifestEnvelope(signing: indexBytes, with: keys, payloadType: ManifestEnvelope.indexPayloadType).encoded())
        }
    }

    /// The base part `reference` names among `files`, with `entries` spliced in first, gzipped and named as the
    /// packager names parts.
    private static func splice(
        _ entries: [String], into reference: PublishedFile, _ files: [(name: String, bytes: Data)]
    ) throws -> (file: (name: String, bytes: Data), reference: PublishedFile) {
        let original = try #require(files.first { $0.name == reference.path })
        var text = String(decoding: try GzipMember.decompress(original.bytes, maximumBytes: 1 << 24), as: UTF8.self)
        let marker = "\"modules\": ["
        let range = try #require(text.range(of: marker))
        let rest = text[range.upperBound...].hasPrefix("]") ? "" : ","
        text.replaceSubrange(range, with: marker + "\n" + entries.joined(separator: ",\n") + rest)
        let bytes = try GzipMember.compress(Data(text.utf8))
        let sha256 = SHA256Digest.hexString(bytes)
        let name = "index-base-\(sha256.prefix(16)).json.gz"
        return ((name, bytes), PublishedFile(path: name, sha256: sha256, size: Int64(bytes.count)))
    }

    /// The index `indexName` served in `appVersion`'s folder.
    func servedIndex(_ indexName: String = "index.json", appVersion: String = "1.0") throws -> ManifestIndex {
        try ManifestIndex(bytes: transport.body(Self.url(appVersion, indexName)))
    }

    /// The URL of the base part the index `indexName` (in `appVersion`'s folder) names.
    func basePartURL(_ indexName: String = "index.json", appVersion: String = "1.0") throws -> String {
        Self.url(appVersion, try servedIndex(indexName, appVersion: appVersion).parts.base.path)
    }

    /// The paths under the root of the device's part cache once it holds the base part of the index served in
    /// `appVersion`'s folder: the folder and the part, named by its SHA-256.
    func cachedBasePart(appVersion: String = "1.0") throws -> [String] {
        ["\(appVersion)/index-parts", "\(appVersion)/index-parts/\(try servedIndex(appVersion: appVersion).parts.base.sha256)"]
    }

    /// The file names (last path component) requested since the log was cleared, in order.
    var requestedNames: [String] {
        transport.requestedURLs.map { String($0.split(separator: "/").last!) }
    }
}
