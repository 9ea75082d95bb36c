import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing
@testable import OTALocalizationsPackager

/// Two publishes to one folder whose steps interleave: the commit points are a compare-and-swap against what the plan
/// read, so a plan overtaken by another publish writes no manifest, and planning again refuses it when the other one
/// is newer (docs/hosting.md, "`ota-localizations publish`", step 5).
@Suite struct PublishRaceTests {
    private static let older = Date(timeIntervalSince1970: 1_790_000_000)
    private static let newer = Date(timeIntervalSince1970: 1_790_000_600)

    /// A packaged version folder of a one-module repository whose German value is `german`.
    private func packaged(_ german: String, at date: Date, in folder: TemporaryDirectory, _ name: String) throws -> URL {
        try folder.write("\(name)/Kit/Sources/Cart/Resources/en.lproj/Localizable.strings", "\"cart\" = \"Cart\";\n")
        try folder.write("\(name)/Kit/Sources/Cart/Resources/de.lproj/Localizable.strings", "\"cart\" = \"\(german)\";\n")
        let result = try Packager.package(PackageOptions(
            repositoryRoot: folder.url.appendingPathComponent(name), appVersion: "2.1.0",
            outputDirectory: folder.url.appendingPathComponent("\(name)-out"), publishedAt: date))
        return result.manifestURL.deletingLastPathComponent()
    }

    /// A folder holding the older and the newer publish packaged, an empty destination, and where the version lands.
    private func race() throws -> (folder: TemporaryDirectory, old: URL, new: URL, destination: URL, live: URL) {
        let folder = try TemporaryDirectory("race")
        let old = try packaged("Warenkorb", at: Self.older, in: folder, "old")
        let new = try packaged("Einkaufswagen", at: Self.newer, in: folder, "new")
        let destination = folder.url.appendingPathComponent("www", isDirectory: true)
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        return (folder, old, new, destination, destination.appendingPathComponent("2.1.0"))
    }

    private func options(_ source: URL, _ destination: URL) throws -> PublishOptions {
        PublishOptions(versionFolder: source, destination: try PublishLocation(parsing: destination.path))
    }

    @Test func aPlanOvertakenByANewerPublishWritesNoManifestAndIsRefusedWhenPlannedAgain() throws {
        let (folder, old, new, destination, live) = try race()
        defer { folder.remove() }

        // Given: the older publish planned against the empty destination, then the newer one published in full.
        let stalePlan = try Publisher.plan(try options(old, destination))
        _ = try Publisher.publish(try Publisher.plan(try options(new, destination)))
        let newManifest = try Data(contentsOf: new.appendingPathComponent("manifest.json"))
        let newIndex = try Data(contentsOf: new.appendingPathComponent("index.json"))

        // When: the older plan is carried out.
        // Then: it loses the race (the manifest it planned to create exists now) and changes no commit point.
        do {
            _ = try Publisher.publish(stalePlan)
            Issue.record("a plan whose manifest changed since it was read was carried out")
        } catch {
            #expect(error.code == .lostRace, "\(error)")
        }
        #expect(try Data(contentsOf: live.appendingPathComponent("manifest.json")) == newManifest)
        #expect(try Data(contentsOf: live.appendingPathComponent("index.json")) == newIndex)

        // And: planned again, it is refused as older than what is live.
        do {
            _ = try Publisher.plan(try options(old, destination))
            Issue.record("the older publish was planned over the newer one")
        } catch let error as PackagerError {
            #expect(error.code == .refused && error.reason.contains("later than this one"), "\(error)")
        }
    }

    @Test func aPlanOvertakenByAnOlderPublishIsWrittenWhenPlannedAgain() throws {
        let (folder, old, new, destination, live) = try race()
        defer { folder.remove() }

        // Given: the newer publish planned first, the older one published meanwhile.
        let overtaken = try Publisher.plan(try options(new, destination))
        _ = try Publisher.publish(try Publisher.plan(try options(old, destination)))

        // When: the newer plan is carried out, then planned and carried out again (as the command does).
        do {
            _ = try Publisher.publish(overtaken)
            Issue.record("a plan whose manifest changed since it was read was carried out")
        } catch {
            #expect(error.code == .lostRace, "\(error)")
        }
        _ = try Publisher.publish(try Publisher.plan(try options(new, destination)))

        // Then: the newer one is live, its manifest and its index both.
        for name in ["manifest.json", "index.json"] {
            #expect(try Data(contentsOf: live.appendingPathComponent(name)) == Data(contentsOf: new.appendingPathComponent(name)), "\(name)")
        }
    }
}
