import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsCore
@testable import OTALocalizationsPublishing

@Suite struct ManifestTests {
    private let sample = Manifest(
        appVersion: "26.7.0",
        publishedAt: Date(timeIntervalSince1970: 1_753_351_200),  // 2025-07-24T10:00:00Z
        developmentRegion: "en",
        modules: [
            ManifestModule(
                name: "Checkout", path: "Checkout-f4e2d1a09c8b41aa.zip",
                sha256: String(repeating: "ab", count: 32), size: 18233, localizations: ["de", "en", "fr", "fr-CA"]
            ),
            ManifestModule(name: "Profile \"Pro\"", path: "Profile-0011223344556677.zip",
                           sha256: String(repeating: "0", count: 64), size: 0, localizations: []),
        ]
    )

    @Test func encodesInTheDesignedFieldOrderAsValidJSON() throws {
        let text = String(decoding: sample.encoded(), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"formatVersion\": 1,\n  \"appVersion\": \"26.7.0\",\n  \"publishedAt\": \"2025-07-24T10:00:00Z\",\n  \"developmentRegion\": \"en\",\n  \"modules\": [\n"))
        // Python's json module is the independent reader.
        let python = try OTATestSupport.ExternalTool.pythonBlocking("""
            import json, sys
            m = json.loads(sys.argv[1])
            print(m["modules"][1]["name"], m["modules"][0]["size"], ",".join(m["modules"][0]["localizations"]), m["publishedAt"])
            """, [text])
        #expect(python == "Profile \"Pro\" 18233 de,en,fr,fr-CA 2025-07-24T10:00:00Z\n")
    }

    @Test func roundTripsThroughDecoding() throws {
        let decoded = try Manifest(bytes: sample.encoded())
        #expect(decoded == sample)
    }

    @Test func ignoresUnknownFieldsAtEveryLevel() throws {
        let json = """
            {"formatVersion":1,"appVersion":"1.0","publishedAt":"2026-01-02T03:04:05Z","developmentRegion":"en",
             "signature":"x","modules":[{"name":"A","path":"A-1.zip","sha256":"\(String(repeating: "1", count: 64))",
             "size":10,"localizations":["en"],"compression":"brotli"}]}
            """
        let manifest = try Manifest(bytes: Data(json.utf8))
        #expect(manifest.modules.map(\.name) == ["A"])
        #expect(manifest.rejectedModules.isEmpty)
        #expect(ManifestDate.format(manifest.publishedAt) == "2026-01-02T03:04:05Z")
    }

    @Test func badModuleEntriesAreSetAsideOneByOne() throws {
        let good = "\"sha256\":\"\(String(repeating: "a", count: 64))\",\"size\":1"
        let json = """
            {"formatVersion":1,"appVersion":"1.0","publishedAt":"2026-01-02T03:04:05Z","developmentRegion":"en",
             "modules":[
               {"name":"../etc","path":"x.zip",\(good)},
               {"name":"B","path":"sub/B.zip",\(good)},
               {"name":"C","path":"C.zip","sha256":"ABC","size":1},
               {"name":"D","path":"D.zip",\(good.replacingOccurrences(of: "\"size\":1", with: "\"size\":-5"))},
               {"name":"E","path":"E.zip",\(good.replacingOccurrences(of: "\"size\":1", with: "\"size\":true"))},
               7,
               {"name":"F","path":"F.zip",\(good)}
             ]}
            """
        let manifest = try Manifest(bytes: Data(json.utf8))
        #expect(manifest.modules.map(\.name) == ["F"])
        #expect(manifest.rejectedModules.map(\.name) == ["../etc", "B", "C", "D", "E", nil])
        #expect(manifest.rejectedModules[1].reason == "module path is not a plain file name")
    }

    @Test func wholeManifestErrorsHaveStableCodes() {
        func code(_ json: String) -> ManifestError.Code? {
            do {
                _ = try Manifest(bytes: Data(json.utf8))
                return nil
            } catch {
                return error.code
            }
        }
        #expect(code("<html>") == .notJSON)
        #expect(code("[]") == .missingField)
        #expect(code("{\"formatVersion\":2,\"appVersion\":\"1\",\"publishedAt\":\"2026-01-02T03:04:05Z\",\"developmentRegion\":\"en\",\"modules\":[]}") == .unsupportedVersion)
        #expect(code("{\"formatVersion\":1,\"appVersion\":\"1\",\"publishedAt\":\"yesterday\",\"developmentRegion\":\"en\",\"modules\":[]}") == .badDate)
        #expect(code("{\"formatVersion\":1,\"appVersion\":\"1\",\"publishedAt\":\"2026-01-02T03:04:05Z\",\"developmentRegion\":\"en\"}") == .missingField)
    }

    @Test func plainFileNameRule() {
        #expect(ManifestModule.isPlainFileName("Checkout"))
        #expect(ManifestModule.isPlainFileName("My Module"))
        for bad in ["", ".", "..", "a/b", "a\\b", "a\u{0}b"] {
            #expect(!ManifestModule.isPlainFileName(bad))
        }
    }
}

/// Whole-manifest rules added for hostile input: dates, the development region, names that collide on Apple volumes.
@Suite struct ManifestHostileTests {
    private func manifest(publishedAt: String = "2026-01-02T03:04:05Z", region: String = "en", names: [String]) -> Data {
        let entries = names.enumerated().map { index, name in
            "{\"name\":\"\(name)\",\"path\":\"M\(index).zip\",\"sha256\":\"\(String(repeating: "a", count: 64))\",\"size\":1}"
        }
        return Data("""
            {"formatVersion":1,"appVersion":"1.0","publishedAt":"\(publishedAt)","developmentRegion":"\(region)",
             "modules":[\(entries.joined(separator: ","))]}
            """.utf8)
    }

    private func code(_ bytes: Data) -> ManifestError.Code? {
        do {
            _ = try Manifest(bytes: bytes)
            return nil
        } catch {
            return error.code
        }
    }

    @Test func yearsOutsideOneToNineThousandNineHundredNinetyNineAreBadDates() {
        #expect(code(manifest(publishedAt: "10000-01-01T00:00:00Z", names: [])) == .badDate)
        #expect(code(manifest(publishedAt: "0000-01-01T00:00:00Z", names: [])) == .badDate)
        #expect(code(manifest(publishedAt: "9999-12-31T23:59:59Z", names: [])) == nil)
    }

    @Test func fractionalSecondsAreKeptThroughEncoding() throws {
        let decoded = try Manifest(bytes: manifest(publishedAt: "2026-01-02T03:04:05.900Z", names: ["A"]))
        #expect(decoded.publishedAtTimestamp == ManifestTimestamp(secondsSince1970: 1_767_323_045, nanoseconds: 900_000_000))
        let again = try Manifest(bytes: decoded.encoded())
        #expect(again.publishedAtTimestamp == decoded.publishedAtTimestamp)
        #expect(String(decoding: decoded.encoded(), as: UTF8.self).contains("\"publishedAt\": \"2026-01-02T03:04:05.900Z\""))
    }

    @Test func aDevelopmentRegionThatIsNotALanguageIdentifierIsRefused() {
        #expect(code(manifest(region: "en<x>", names: [])) == .badDevelopmentRegion)
        #expect(code(manifest(region: "", names: [])) == .badDevelopmentRegion)
        // No language tag starts with a digit, `-` or `_` (RFC 5646, section 2.1).
        #expect(code(manifest(region: "419", names: [])) == .badDevelopmentRegion)
        #expect(code(manifest(region: "-en", names: [])) == .badDevelopmentRegion)
        #expect(code(manifest(region: "zh-Hans_CN", names: [])) == nil)
        #expect(code(manifest(region: "es-419", names: [])) == nil)
    }

    @Test func namesEqualIgnoringCaseAreBothRejectedWithTheReason() throws {
        let decoded = try Manifest(bytes: manifest(names: ["Checkout", "Profile", "checkout"]))
        #expect(decoded.modules.map(\.name) == ["Profile"])
        #expect(decoded.rejectedModules == [
            RejectedModule(name: "Checkout", reason: "module name collides with \"checkout\" when case and Unicode normalization are ignored (as Apple file systems do by default)"),
            RejectedModule(name: "checkout", reason: "module name collides with \"Checkout\" when case and Unicode normalization are ignored (as Apple file systems do by default)"),
        ])
    }

    @Test func namesEqualAfterUnicodeNormalizationOrFoldingAreBothRejected() throws {
        let composed = "Caf\u{E9}"
        let decomposed = "Cafe\u{301}"
        #expect(Array(composed.utf8) != Array(decomposed.utf8))
        let decoded = try Manifest(bytes: manifest(names: [composed, decomposed, "Stra\u{DF}e", "STRASSE"]))
        #expect(decoded.modules.isEmpty)
        #expect(decoded.rejectedModules.count == 4)
    }

    @Test func anExactDuplicateIsLeftToTheClient() throws {
        let decoded = try Manifest(bytes: manifest(names: ["Checkout", "Checkout"]))
        #expect(decoded.modules.map(\.name) == ["Checkout", "Checkout"])
        #expect(decoded.rejectedModules.isEmpty)
    }
}
