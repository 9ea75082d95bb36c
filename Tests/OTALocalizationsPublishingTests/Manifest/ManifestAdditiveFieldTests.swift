import Foundation
import OTATestSupport
import Testing
import OTALocalizationsCore
import OTALocalizationsPublishing

/// `channel`, `rollout` and `slices`: additive fields of format 1 (docs/design.md, "The manifest").
@Suite struct ManifestAdditiveFieldTests {
    private static let hashA = String(repeating: "a", count: 64)
    private static let hashB = String(repeating: "b", count: 64)

    private static func module(_ name: String, _ hash: String, slices: Bool) -> ManifestModule {
        ManifestModule(
            name: name, path: "\(name)-\(hash.prefix(16)).zip", sha256: hash, size: 100,
            localizations: ["Base", "de", "en", "fr-CA"],
            slices: slices
                ? ManifestSlices(
                    base: PublishedFile(path: "\(name)-base-1.zip", sha256: hash, size: 40),
                    localizations: [
                        "fr-CA": PublishedFile(path: "\(name)-fr-CA-1.zip", sha256: hash, size: 30),
                        "de": PublishedFile(path: "\(name)-de-1.zip", sha256: hash, size: 31),
                    ])
                : nil)
    }

    private let full = Manifest(
        appVersion: "2.0.0", publishedAt: Date(timeIntervalSince1970: 1_780_000_000), developmentRegion: "en",
        channel: "staging",
        modules: [module("Checkout", hashA, slices: true), module("Profile", hashA, slices: false)],
        rollout: ManifestRollout(id: "copy-test_2", basisPoints: 1250, modules: [module("Checkout", hashB, slices: true)]))

    @Test func everyFieldRoundTripsAndTheEncodingIsDeterministic() throws {
        let decoded = try Manifest(bytes: full.encoded())
        #expect(decoded == full)
        #expect(decoded.encoded() == full.encoded())
        let text = String(decoding: full.encoded(), as: UTF8.self)
        #expect(text.contains("  \"developmentRegion\": \"en\",\n  \"channel\": \"staging\",\n  \"modules\": [\n"))
        #expect(text.contains("\"percent\": 12.5,"))
        // Slices are written sorted by the bytes of their names: "de" before "fr-CA".
        let de = try #require(text.range(of: "\"de\": {")), fr = try #require(text.range(of: "\"fr-CA\": {"))
        #expect(de.lowerBound < fr.lowerBound)
    }

    @Test func pythonReadsTheSameValues() throws {
        let output = try OTATestSupport.ExternalTool.pythonBlocking("""
            import json, sys
            m = json.loads(sys.argv[1])
            c = m["modules"][0]["slices"]
            print(m["channel"], m["rollout"]["id"], m["rollout"]["percent"], c["base"]["size"], sorted(c["localizations"]), "slices" in m["modules"][1])
            """, [String(decoding: full.encoded(), as: UTF8.self)])
        #expect(output == "staging copy-test_2 12.5 40 ['de', 'fr-CA'] False\n")
    }

    @Test func aManifestWithoutTheNewFieldsKeepsItsBytes() {
        var plain = full
        plain.channel = nil
        plain.rollout = nil
        plain.modules = [Self.module("Checkout", Self.hashA, slices: false)]
        let expected = """
            {
              "formatVersion": 1,
              "appVersion": "2.0.0",
              "publishedAt": "2026-05-28T20:26:40Z",
              "developmentRegion": "en",
              "modules": [
                { "name": "Checkout", "path": "Checkout-aaaaaaaaaaaaaaaa.zip", "sha256": "\(Self.hashA)", "size": 100, "localizations": ["Base", "de", "en", "fr-CA"] }
              ]
            }

            """
        #expect(String(decoding: plain.encoded(), as: UTF8.self) == expected)
    }

    @Test func aFirstReleaseClientReadsEveryNewManifestAsTheStableModules() throws {
        let old = try FirstReleaseManifestReader.read(full.encoded())
        #expect(old.modules.map(\.name) == ["Checkout", "Profile"])
        #expect(old.modules.map(\.sha256) == [Self.hashA, Self.hashA])
        #expect(old.modules[0].path == "Checkout-aaaaaaaaaaaaaaaa.zip")
    }

    @Test func percentTextIsTheShortestTwoDecimalForm() {
        let cases = [(0, "0"), (1, "0.01"), (10, "0.1"), (1000, "10"), (1234, "12.34"), (1250, "12.5"), (10_000, "100")]
        for (points, text) in cases {
            #expect(ManifestRollout(id: "r", basisPoints: points, modules: []).percentText == text)
        }
    }

    private func decode(_ extra: String, modules: String = "[]") throws(ManifestError) -> Manifest {
        let json = """
            {"formatVersion":1,"appVersion":"1.0","publishedAt":"2026-01-02T03:04:05Z","developmentRegion":"en",
             "modules":\(modules)\(extra)}
            """
        return try Manifest(bytes: Data(json.utf8))
    }

    @Test func aBadChannelOrRolloutRefusesTheManifest() {
        for channel in ["\"Staging\"", "\"production\"", "\"dsse\"", "\"\"", "7", "\"9lives\"", "\"\(String(repeating: "a", count: 33))\""] {
            #expect(throws: ManifestError.self) { try decode(",\"channel\":\(channel)") }
            do { _ = try decode(",\"channel\":\(channel)") } catch { #expect(error.code == .badChannel) }
        }
        let rollouts = [
            "[]", "{\"percent\":10,\"modules\":[]}", "{\"id\":\"a b\",\"percent\":10,\"modules\":[]}",
            "{\"id\":\"r\",\"percent\":100.01,\"modules\":[]}", "{\"id\":\"r\",\"percent\":-1,\"modules\":[]}",
            "{\"id\":\"r\",\"percent\":12.345,\"modules\":[]}", "{\"id\":\"r\",\"percent\":\"10\",\"modules\":[]}",
            "{\"id\":\"r\",\"percent\":10}",
        ]
        for rollout in rollouts {
            do {
                _ = try decode(",\"rollout\":\(rollout)")
                Issue.record("accepted \(rollout)")
            } catch {
                #expect(error.code == .badRollout, "\(rollout)")
            }
        }
        #expect((try? decode(",\"rollout\":{\"id\":\"r\",\"percent\":0.07,\"modules\":[]}"))?.rollout?.basisPoints == 7)
    }

    @Test func badSlicesFailOnlyThatModule() throws {
        let hash = Self.hashA
        let slice = "{\"path\":\"s.zip\",\"sha256\":\"\(hash)\",\"size\":1}"
        func entry(_ name: String, _ slices: String) -> String {
            "{\"name\":\"\(name)\",\"path\":\"\(name).zip\",\"sha256\":\"\(hash)\",\"size\":1,\"localizations\":[\"en\",\"fr\"],\"slices\":\(slices)}"
        }
        let entries = [
            entry("Good", "{\"base\":\(slice),\"localizations\":{\"fr\":\(slice)}}"),
            entry("NoFrench", "{\"base\":\(slice),\"localizations\":{}}"),
            entry("DevelopmentRegionSliced", "{\"base\":\(slice),\"localizations\":{\"fr\":\(slice),\"en\":\(slice)}}"),
            entry("Unknown", "{\"base\":\(slice),\"localizations\":{\"fr\":\(slice),\"de\":\(slice)}}"),
            entry("BadPath", "{\"base\":{\"path\":\"../s.zip\",\"sha256\":\"\(hash)\",\"size\":1},\"localizations\":{\"fr\":\(slice)}}"),
            entry("NoBase", "{\"localizations\":{\"fr\":\(slice)}}"),
            entry("NotObject", "[]"),
        ]
        let manifest = try decode("", modules: "[\(entries.joined(separator: ","))]")
        #expect(manifest.modules.map(\.name) == ["Good"])
        #expect(manifest.modules.first?.slices?.localizations.keys.sorted() == ["fr"])
        #expect(manifest.rejectedModules.map(\.name) == ["NoFrench", "DevelopmentRegionSliced", "Unknown", "BadPath", "NoBase", "NotObject"])
        #expect(manifest.rejectedModules.first?.reason == "module 'slices' has no slice for fr")
    }

    @Test func rolloutModulesReplaceOrAddOnDevicesInTheRollout() {
        let stable = full.modules(inRollout: false)
        let inRollout = full.modules(inRollout: true)
        #expect(stable.map(\.sha256) == [Self.hashA, Self.hashA])
        #expect(inRollout.map(\.name) == ["Checkout", "Profile"])
        #expect(inRollout.map(\.sha256) == [Self.hashB, Self.hashA])
        var added = full
        added.rollout?.modules.append(Self.module("Search", Self.hashB, slices: false))
        #expect(added.modules(inRollout: true).map(\.name) == ["Checkout", "Profile", "Search"])
    }

    @Test func channelFileNames() {
        #expect(ManifestChannel.manifestFileName(channel: nil) == "manifest.json")
        #expect(ManifestChannel.manifestFileName(channel: "production") == "manifest.json")
        #expect(ManifestChannel.manifestFileName(channel: "staging") == "manifest.staging.json")
        #expect(ManifestChannel.envelopeFileName(channel: nil) == "manifest.dsse.json")
        #expect(ManifestChannel.envelopeFileName(channel: "qa-2") == "manifest.qa-2.dsse.json")
    }
}
