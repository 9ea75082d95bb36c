import Foundation
import OTALocalizationsCore
@testable import OTALocalizationsPackager
import Testing

/// The small rules `publish`, `promote` and `rollout` share: destinations, percents, rollout ids, the next
/// `publishedAt`, and the files a manifest lists.
@Suite struct PublishingRulesTests {
    @Test func destinationsAreS3PrefixesOrFolders() throws {
        #expect(try PublishLocation(parsing: "s3://strings/ios/") == .s3(bucket: "strings", prefix: "ios"))
        #expect(try PublishLocation(parsing: "s3://strings") == .s3(bucket: "strings", prefix: ""))
        #expect(try PublishLocation(parsing: "s3://strings/a/b").appending("2.0.0").description == "s3://strings/a/b/2.0.0")
        #expect(try PublishLocation(parsing: "s3://strings").appending("2.0.0") == .s3(bucket: "strings", prefix: "2.0.0"))
        #expect(try PublishLocation(parsing: "s3://strings/ios/2.0.0").lastComponent == "2.0.0")
        #expect(try PublishLocation(parsing: "/srv/www/../ota") == .folder(URL(fileURLWithPath: "/srv/ota", isDirectory: true)))
        for bad in ["s3://", "s3:///ios", "s3://b//ios", "s3://b/../ios", "https://cdn.example.com/ios", "gs://b/ios"] {
            #expect(throws: PackagerError.self, "\(bad)") { try PublishLocation(parsing: bad) }
        }
    }

    @Test func percentsAreHundredthsFrom0To100() {
        let valid: [(String, Int)] = [("0", 0), ("5", 500), ("12.5", 1250), ("12.34", 1234), ("0.01", 1), ("100", 10_000), ("100.00", 10_000), ("007", 700)]
        for (text, points) in valid { #expect(ReleaseEdit.basisPoints(percent: text) == points, "\(text)") }
        for text in ["", ".5", "5.", "1.234", "100.01", "101", "-1", "+1", "1e2", "1,5", "١٢", "0x10", "1000"] {
            #expect(ReleaseEdit.basisPoints(percent: text) == nil, "\(text)")
        }
    }

    @Test func rolloutIDsAreSixteenLowercaseHexDigitsAndDiffer() {
        let ids = (0..<64).map { _ in ReleaseEdit.randomRolloutID() }
        #expect(ids.allSatisfy { $0.utf8.count == 16 && $0.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) } })
        #expect(ids.allSatisfy(ManifestRollout.isValidID))
        #expect(Set(ids).count == ids.count)
    }

    @Test func theNextPublishedAtIsNowOrJustAfterThePreviousOne() {
        let now = Date(timeIntervalSince1970: 1_800_000_000.75)
        #expect(ManifestFiles.nextPublishedAt(after: nil, now: now) == ManifestTimestamp(secondsSince1970: 1_800_000_000))
        #expect(ManifestFiles.nextPublishedAt(after: ManifestTimestamp(secondsSince1970: 1_700_000_000), now: now)
                == ManifestTimestamp(secondsSince1970: 1_800_000_000))
        // A previous manifest from the same second or later (a clock behind, or an edit within the second).
        #expect(ManifestFiles.nextPublishedAt(after: ManifestTimestamp(secondsSince1970: 1_800_000_000), now: now)
                == ManifestTimestamp(secondsSince1970: 1_800_000_000, nanoseconds: 1_000_000))
        #expect(ManifestFiles.nextPublishedAt(after: ManifestTimestamp(secondsSince1970: 1_800_000_100, nanoseconds: 999_000_000), now: now)
                == ManifestTimestamp(secondsSince1970: 1_800_000_101))
    }

    @Test func aManifestListsItsModulesSlicesAndRolloutModulesOnce() {
        let slice = { (path: String) in PublishedFile(path: path, sha256: String(repeating: "a", count: 64), size: 1) }
        let sliced = ManifestModule(
            name: "B", path: "B-full.zip", sha256: String(repeating: "b", count: 64), size: 10, localizations: ["de", "fr"],
            slices: ManifestSlices(base: slice("B-base.zip"), localizations: ["fr": slice("B-fr.zip"), "de": slice("B-de.zip")]))
        let plain = ManifestModule(name: "A", path: "A-1.zip", sha256: String(repeating: "c", count: 64), size: 5, localizations: ["en"])
        let next = ManifestModule(name: "A", path: "A-2.zip", sha256: String(repeating: "d", count: 64), size: 6, localizations: ["en"])
        var manifest = Manifest(appVersion: "1.0.0", publishedAt: Date(timeIntervalSince1970: 0), developmentRegion: "en", modules: [plain, sliced])
        manifest.rollout = ManifestRollout(id: "r1", basisPoints: 500, modules: [next, sliced])
        #expect(ManifestFiles.listed(by: manifest).map(\.path) == ["A-1.zip", "B-full.zip", "B-base.zip", "B-de.zip", "B-fr.zip", "A-2.zip"])
        let listed = ["A-1.zip": 5, "B-full.zip": 10, "B-base.zip": 1, "B-de.zip": 1, "B-fr.zip": 2]
            .mapValues { StoredObject(size: Int64($0), etag: "\"x\"") }
        #expect(ManifestFiles.missing(manifest, in: listed) == ["B-fr.zip is 2 bytes, the manifest lists 1", "A-2.zip is missing"])
    }
}
