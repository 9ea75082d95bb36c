import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing
import OTATestSupport
import Testing

/// `verify` passes exactly what a device with the same keys and channel would install (docs/signing.md, "Verifying a published manifest by hand"): each
/// publish below is one a keyed device refuses, or partly fails, and `verify` names why.
@Suite struct VerifyAdmissionTests {
    private func cli(_ arguments: [String]) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
    }

    /// A published folder (production and staging, unsigned) and `verify`'s verdict on it after `change`.
    private func verdict(
        _ change: (PublishedSite) async throws -> Void, _ arguments: [String] = []
    ) async throws -> (status: Int32, fails: [String]) {
        let site = try await PublishedSite()
        await #expect(try cli(["verify", site.folder.path] + arguments).status == 0, "the untouched publish passes")
        try await change(site)
        let result = try await cli(["verify", site.folder.path] + arguments)
        return (result.status, result.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.map(String.init))
    }

    /// Writes `manifest` (and the published index from it) into the published folder itself.
    private func republish(_ site: PublishedSite, _ change: (inout Manifest) -> Void) throws {
        let file = site.folder.appendingPathComponent("manifest.json")
        var manifest = try Manifest(bytes: Data(contentsOf: file))
        change(&manifest)
        try manifest.encoded().write(to: file)
        let built = try ManifestIndex.build(from: manifest)
        for part in built.files { try part.bytes.write(to: site.folder.appendingPathComponent(part.name)) }
        try built.index.encoded().write(to: site.folder.appendingPathComponent("index.json"))
    }

    @Test func aFullRolloutListingAMissingZIPFails() async throws {
        let (status, fails) = try await verdict { site in
            try republish(site) { manifest in
                var copy = manifest.modules[0]
                copy.path = "Gone-0123456789abcdef.zip"
                copy.slices = nil
                manifest.rollout = ManifestRollout(id: "r1", basisPoints: 10_000, modules: [copy])
            }
        }
        #expect(status == 1)
        #expect(fails.contains { $0.contains("Gone-0123456789abcdef.zip") && $0.contains("no such file") }, "\(fails)")
    }

    @Test func stagingsFilesCopiedOverProductionsFail() async throws {
        let (status, fails) = try await verdict { site in
            for (staged, production) in [("manifest.staging.json", "manifest.json"), ("index.staging.json", "index.json")] {
                try FileManager.default.removeItem(at: site.folder.appendingPathComponent(production))
                try FileManager.default.copyItem(at: site.folder.appendingPathComponent(staged), to: site.folder.appendingPathComponent(production))
            }
        }
        #expect(status == 1)
        #expect(fails.count >= 2 && fails.allSatisfy { $0.contains("names the channel \"staging\"") && $0.contains("(channel)") }, "\(fails)")
    }

    @Test func aPublishedAtYearsAheadFails() async throws {
        let (status, fails) = try await verdict { site in
            try republish(site) { $0.publishedAtTimestamp = ManifestDate.parseTimestamp("2099-01-01T00:00:00Z")! }
        }
        #expect(status == 1)
        #expect(fails.contains { $0.contains("2099-01-01T00:00:00Z is later than the device clock") }, "\(fails)")
    }

    @Test func aModuleListingMoreLocalizationsThanADeviceAcceptsFails() async throws {
        let (status, fails) = try await verdict { site in
            try republish(site) { manifest in
                manifest.modules[0].slices = nil
                manifest.modules[0].localizations += (0..<501).map { "x\($0)" }
            }
        }
        #expect(status == 1)
        #expect(fails.contains { $0.contains("(maximumLocalizationsPerModule)") && $0.contains("devices fail it (limit)") }, "\(fails)")
    }

    @Test func aBasePartNamingAnotherFullZIPThanTheFullPartFails() async throws {
        // Given: the base part's entry of an unsliced module naming a ZIP that is not there, the full part (and
        // manifest.json) the right one: devices without every localization would download the base part's.
        let (status, fails) = try await verdict { site in
            var manifest = try Manifest(bytes: Data(contentsOf: site.folder.appendingPathComponent("manifest.json")))
            manifest.modules[0].slices = nil
            try manifest.encoded().write(to: site.folder.appendingPathComponent("manifest.json"))
            var contents = IndexContents(modules: manifest.modules)
            contents.base.modules[0].full?.path = "Gone-0123456789abcdef.zip"
            let index = try ManifestIndex.build(from: manifest).index
            var root = index
            let baseBytes = try GzipMember.compress(contents.base.encoded())
            let basePart = PublishedFile(
                path: "index-base-\(SHA256Digest.hexString(baseBytes).prefix(16)).json.gz", sha256: SHA256Digest.hexString(baseBytes),
                size: Int64(baseBytes.count))
            root.parts.base = basePart
            for part in try ManifestIndex.build(from: manifest).files { try part.bytes.write(to: site.folder.appendingPathComponent(part.name)) }
            try baseBytes.write(to: site.folder.appendingPathComponent(basePart.path))
            try root.encoded().write(to: site.folder.appendingPathComponent("index.json"))
        }
        #expect(status == 1)
        #expect(fails.contains { $0.contains("base part and full part name different full ZIPs") }, "\(fails)")
    }

    @Test func moreModulesThanADeviceAcceptsFail() async throws {
        let (status, fails) = try await verdict { site in
            try republish(site) { manifest in
                let first = manifest.modules[0]
                manifest.modules += (0..<(501 - manifest.modules.count)).map { index in
                    var module = first
                    module.name = "Copy\(index)"
                    return module
                }
            }
        }
        #expect(status == 1)
        #expect(fails.contains { $0.contains("manifest lists 501 modules, more than the limit of 500") }, "\(fails)")
    }

    @Test func aModuleListedTwiceFails() async throws {
        let (status, fails) = try await verdict { site in
            try republish(site) { $0.modules.append($0.modules[0]) }
        }
        #expect(status == 1)
        #expect(fails.contains { $0.contains("is listed twice") }, "\(fails)")
    }

    @Test func aZIPWhoseInfoPlistNamesAnotherDevelopmentRegionFails() async throws {
        let (status, fails) = try await verdict { site in
            // A ZIP of the module's files but with Info.plist declaring fr, written by Python's zipfile.
            let manifest = try Manifest(bytes: Data(contentsOf: site.folder.appendingPathComponent("manifest.json")))
            let module = manifest.modules[0]
            let planted = site.folder.appendingPathComponent("Planted.zip")
            _ = try await ExternalTool.python("""
                import sys, zipfile
                source, target = zipfile.ZipFile(sys.argv[1]), zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED)
                for name in source.namelist():
                    data = source.read(name)
                    if name == "Info.plist": data = data.replace(b"<string>en</string>", b"<string>fr</string>")
                    target.writestr(name, data)
                target.close()
                """, [site.folder.appendingPathComponent(module.path).path, planted.path])
            let bytes = try Data(contentsOf: planted)
            try republish(site) { manifest in
                manifest.modules[0].path = "Planted.zip"
                manifest.modules[0].sha256 = SHA256Digest.hexString(bytes)
                manifest.modules[0].size = Int64(bytes.count)
            }
        }
        #expect(status == 1)
        #expect(fails.contains { $0.contains("Planted.zip: a device refuses it (content): Info.plist declares CFBundleDevelopmentRegion \"fr\"") }, "\(fails)")
    }

    @Test func theChannelOptionVerifiesThatChannelsFiles() async throws {
        let site = try await PublishedSite()
        let staging = try await cli(["verify", site.folder.path, "--channel", "staging"])
        #expect(staging.status == 0, "\(staging.stdout)")
        #expect(staging.stdout.contains("\(site.folder.path)/index.staging.json: admitted"))
        #expect(staging.stdout.contains("\(site.folder.path)/manifest.staging.json: admitted"))
        let usage = try await cli(["verify", site.folder.path, "--channel", "Staging"])
        #expect(usage.status == 2)
    }

    @Test func theIndexAndTheManifestMustDescribeTheSameModules() async throws {
        let (status, fails) = try await verdict { site in
            // The manifest alone changes (an older tool's publish over a newer one's index, or an attacker's edit).
            let file = site.folder.appendingPathComponent("manifest.json")
            var manifest = try Manifest(bytes: Data(contentsOf: file))
            manifest.modules.removeLast()
            try manifest.encoded().write(to: file)
        }
        #expect(status == 1)
        #expect(fails.contains { $0.contains("describe different modules") }, "\(fails)")
    }
}
