import Foundation
import OTALocalizationsCore
import OTATestSupport
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
        func file(_ module: PublishedModule) -> ManifestSlice { ManifestSlice(path: module.path, sha256: module.sha256, size: Int64(module.zip.count)) }
        var named: [String: ManifestSlice] = [:]
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
        let built = try ManifestIndex.build(from: manifest)
        for part in built.files { transport.serve(Self.url(appVersion, part.name), part.bytes) }
        let manifestBytes = manifest.encoded()
        let indexBytes = built.index.encoded()
        transport.serve(Self.url(appVersion, "manifest.json"), manifestBytes)
        transport.serve(Self.url(appVersion, "index.json"), indexBytes)
        if !keys.isEmpty {
            transport.serve(Self.url(appVersion, "manifest.dsse.json"), ManifestEnvelope(signing: manifestBytes, with: keys).encoded())
            transport.serve(
                Self.url(appVersion, "index.dsse.json"),
                ManifestEnvelope(signing: indexBytes, with: keys, payloadType: ManifestEnvelope.indexPayloadType).encoded())
        }
        return manifest
    }

    /// The file names (last path component) requested since the log was cleared, in order.
    var requestedNames: [String] {
        transport.requestedURLs.map { String($0.split(separator: "/").last!) }
    }
}
