import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager
import OTATestSupport
import Testing

/// Each of ``PublishedReadLimits`` stops the reading of a published version at its value and is named; at exactly its
/// value the reading passes. A version folder written here: one module whose ZIP Info-ZIP's `zip` makes, sizes from
/// the file system, the SHA-256 from `sha256sum`.
@Suite struct PublishedReadLimitsTests {
    private static let english = "\"a\" = \"A\";\n\"b\" = \"B\";\n\"c\" = \"C\";\n"
    private static let french = "\"a\" = \"Ä\";\n"
    /// Four keys; the tables' bytes as written.
    private static let keys = 4
    private static let tableBytes = Int64(english.utf8.count + french.utf8.count)

    private struct Published {
        let version: URL
        let zip: URL
        let zipSize: Int64
        let manifestSize: Int64
    }

    private func publish(_ root: TemporaryDirectory) throws -> Published {
        try root.write("bundle/en.lproj/Localizable.strings", Self.english)
        try root.write("bundle/fr.lproj/Localizable.strings", Self.french)
        let version = root.url.appendingPathComponent("1.0")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        let zip = version.appendingPathComponent("Shop-1.zip")
        let zipped = try ExternalTool.runBlocking("zip", ["-X", "-q", "-r", zip.path, "."], currentDirectory: root.url.appendingPathComponent("bundle"))
        #expect(zipped.status == 0, "\(zipped.stderr)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: zip.path)[.size] as? Int)
        let manifest = Data("""
            {"formatVersion":1,"appVersion":"1.0","publishedAt":"2026-07-24T10:00:00Z","developmentRegion":"en",
             "modules":[{"name":"Shop","path":"Shop-1.zip","sha256":"\(try ExternalTool.sha256sumBlocking(zip))","size":\(size),
             "localizations":["en","fr"]}]}
            """.utf8)
        try manifest.write(to: version.appendingPathComponent("manifest.json"))
        return Published(version: version, zip: zip, zipSize: Int64(size), manifestSize: Int64(manifest.count))
    }

    private func reason(_ limits: PublishedReadLimits, _ published: Published) -> String? {
        do {
            _ = try PublishedVersionReader(limits: limits).snapshot(of: published.version.path)
            return nil
        } catch {
            return (error as? PackagerError)?.reason ?? "\(error)"
        }
    }

    @Test func eachLimitPassesAtItsValueAndStopsTheReadingOneOver() throws {
        let root = try TemporaryDirectory("read-limits")
        defer { root.remove() }
        let published = try publish(root)
        let manifestPath = published.version.appendingPathComponent("manifest.json").path

        #expect(reason(PublishedReadLimits(maximumManifestBytes: published.manifestSize), published) == nil)
        #expect(reason(PublishedReadLimits(maximumManifestBytes: published.manifestSize - 1), published)
            == "cannot read the manifest: \(manifestPath) is over the limit of \(published.manifestSize - 1) bytes")

        var archive = ZipLimits.default
        archive.maximumArchiveBytes = published.zipSize
        #expect(reason(PublishedReadLimits(archive: archive), published) == nil)
        archive.maximumArchiveBytes = published.zipSize - 1
        #expect(reason(PublishedReadLimits(archive: archive), published)
            == "cannot read module Shop: \(published.zip.absoluteString): the manifest lists \(published.zipSize) bytes, "
            + "over the limit of \(published.zipSize - 1) bytes (archive.maximumArchiveBytes)")

        #expect(reason(PublishedReadLimits(maximumUncompressedBytes: Self.tableBytes), published) == nil)
        #expect(reason(PublishedReadLimits(maximumUncompressedBytes: Self.tableBytes - 1), published)
            == "the published tables exceed \(Self.tableBytes - 1) bytes inflated (maximumUncompressedBytes)")

        #expect(reason(PublishedReadLimits(maximumKeys: Self.keys), published) == nil)
        #expect(reason(PublishedReadLimits(maximumKeys: Self.keys - 1), published)
            == "the published tables hold more than \(Self.keys - 1) keys (maximumKeys)")
    }

    @Test func aReadingPastItsDeadlineStopsAfterTheModuleItWasReading() throws {
        let root = try TemporaryDirectory("read-deadline")
        defer { root.remove() }
        let published = try publish(root)

        // A nanosecond has passed by the time the module is read, however fast the machine.
        #expect(reason(PublishedReadLimits(maximumSeconds: 1e-9), published)
            == "cannot read module Shop: \(published.zip.absoluteString): timed-out: the reading took longer than 1e-09 s (maximumSeconds)")
    }
}
