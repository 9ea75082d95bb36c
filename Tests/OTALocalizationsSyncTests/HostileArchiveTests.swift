import Foundation
import Testing
import OTALocalizationsCore
import OTALocalizationsPublishing
@testable import OTALocalizationsSync

/// Every hostile or broken ZIP fails only its module, with the reader's code in the reason, and installs nothing.
@Suite struct HostileArchiveTests {
    /// Publishes `Evil` with `zip` next to a good `Checkout`, runs a cycle, and checks the isolation.
    private func expectRejected(_ zip: Data, code: String, limits: ZipLimits = ZipLimits(),
                                sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        let evil = try SyncFixture.module("Evil", zip: zip)
        fixture.publish([checkout, evil])

        await fixture.makeService(limits: limits).start()

        let report = try #require(fixture.reports.last, sourceLocation: sourceLocation)
        #expect(report.modules.map(\.outcome) == [.updated, .failed], sourceLocation: sourceLocation)
        let reason = report.modules.last?.reason ?? ""
        #expect(reason.hasPrefix("archive rejected (\(code)): "), "\(reason)", sourceLocation: sourceLocation)
        #expect(report.stateSaved == false, sourceLocation: sourceLocation)
        #expect(!fixture.exists("1.0/modules/Evil"), sourceLocation: sourceLocation)
        #expect(DurableFilesProbe.children(fixture.root.appendingPathComponent("1.0/tmp")) == [],
                sourceLocation: sourceLocation)
        #expect(fixture.exists("1.0/modules/Checkout/current"), sourceLocation: sourceLocation)
    }

    private func with(_ hostile: HostileZip.Entry) -> Data {
        HostileZip.archive(HostileZip.bundleEntries() + [hostile])
    }

    @Test func dotDotComponentEscapingTheRoot() async throws {
        try await expectRejected(with(.stored("en.lproj/../../evil.strings", Data("\"a\" = \"b\";".utf8))),
                                 code: "path-escapes-root")
    }

    @Test func leadingDotDot() async throws {
        try await expectRejected(with(.stored("../evil.strings", Data("\"a\" = \"b\";".utf8))), code: "path-escapes-root")
    }

    @Test func absolutePath() async throws {
        try await expectRejected(with(.stored("/tmp/evil.strings", Data("\"a\" = \"b\";".utf8))), code: "absolute-path")
    }

    @Test func backslashInPath() async throws {
        try await expectRejected(with(.stored("fr.lproj\\Localizable.strings", Data("\"a\" = \"b\";".utf8))),
                                 code: "backslash-in-path")
    }

    @Test func driveLetter() async throws {
        try await expectRejected(with(.stored("C:/evil.strings", Data("\"a\" = \"b\";".utf8))), code: "drive-letter")
    }

    @Test func symlinkEntry() async throws {
        var link = HostileZip.Entry.stored("fr.lproj/Localizable.strings", Data("/etc/passwd".utf8))
        link.externalAttributes = 0o120777 << 16
        try await expectRejected(with(link), code: "symlink")
    }

    @Test func fifoEntryIsNotARegularFile() async throws {
        var fifo = HostileZip.Entry.stored("fr.lproj/Localizable.strings", Data())
        fifo.externalAttributes = 0o010644 << 16
        try await expectRejected(with(fifo), code: "not-regular-file")
    }

    @Test func duplicateNames() async throws {
        try await expectRejected(with(.stored("Info.plist", SyncFixture.infoPlist)), code: "duplicate-name")
    }

    @Test func encryptedEntry() async throws {
        var entry = HostileZip.Entry.stored("fr.lproj/Localizable.strings", Data("\"a\" = \"b\";".utf8))
        entry.flags |= 0x0001
        try await expectRejected(with(entry), code: "encrypted")
    }

    @Test func unsupportedMethod() async throws {
        var entry = HostileZip.Entry.stored("fr.lproj/Localizable.strings", Data("\"a\" = \"b\";".utf8))
        entry.method = 12     // bzip2
        try await expectRejected(with(entry), code: "unsupported-method")
    }

    @Test func sizeThatLies() async throws {
        var entry = try HostileZip.Entry.deflated("fr.lproj/Localizable.strings", Data(repeating: 0x41, count: 4096))
        entry.uncompressedSize = 10
        try await expectRejected(with(entry), code: "size-mismatch")
    }

    @Test func crcMismatch() async throws {
        var entry = HostileZip.Entry.stored("fr.lproj/Localizable.strings", Data("\"a\" = \"b\";".utf8))
        entry.crc32 ^= 0xDEAD_BEEF
        try await expectRejected(with(entry), code: "crc-mismatch")
    }

    @Test func zipBombOverTheUncompressedLimit() async throws {
        let bomb = try HostileZip.Entry.deflated("fr.lproj/Localizable.strings", Data(repeating: 0, count: 4 << 20))
        try await expectRejected(with(bomb), code: "too-large", limits: ZipLimits(maximumUncompressedBytes: 1 << 20))
    }

    @Test func tooManyEntries() async throws {
        let entries = HostileZip.bundleEntries() + (1...5).map {
            HostileZip.Entry.stored("l\($0).lproj/Localizable.strings", Data("\"a\" = \"b\";".utf8))
        }
        try await expectRejected(HostileZip.archive(entries), code: "too-many-entries",
                                 limits: ZipLimits(maximumEntryCount: 4))
    }

    @Test func zipOverTheArchiveLimitFailsBeforeDownloading() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        fixture.publish([checkout])
        await fixture.makeService(limits: ZipLimits(maximumArchiveBytes: 100)).start()
        #expect(fixture.reports.last?.modules.first?.reason
            == "ZIP size \(checkout.zip.count) is over the limit of 100 bytes (maximumArchiveBytes)")
        #expect(fixture.transport.requestedURLs == [SyncFixture.url("1.0", "index.json"), try fixture.basePartURL()])
    }

    @Test func truncatedBody() async throws {
        let good = try ZipWriter.archive(SyncFixture.files("Evil", version: 1).map { ZipWriter.Entry(path: $0.key, data: $0.value) })
        let fixture = try SyncFixture()
        let evil = try SyncFixture.module("Evil", zip: good.prefix(good.count / 2))
        fixture.publish([evil])
        await fixture.makeService().start()
        let reason = fixture.reports.last?.modules.first?.reason ?? ""
        #expect(reason.hasPrefix("archive rejected ("), "\(reason)")
        #expect(!fixture.exists("1.0/modules/Evil"))
    }

    @Test func bodyThatIsNotAZip() async throws {
        try await expectRejected(Data("<html><body>Service Unavailable</body></html>".utf8), code: "not-zip")
    }

    // MARK: Content rules after extraction

    @Test func tableThatDoesNotParseFailsTheModule() async throws {
        var files = SyncFixture.files("Evil", version: 1)
        files["fr.lproj/Localizable.strings"] = Data("\"greeting\" = \"Bonjour\"\n\"missing\" = \"semicolon\";".utf8)
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Evil", files: files)])
        await fixture.makeService().start()
        let reason = fixture.reports.last?.modules.first?.reason ?? ""
        #expect(reason.hasPrefix("table does not parse: fr.lproj/Localizable.strings:"), "\(reason)")
        #expect(!fixture.exists("1.0/modules/Evil"))
    }

    @Test func zipWithoutInfoPlistFailsTheModule() async throws {
        var files = SyncFixture.files("Evil", version: 1)
        files["Info.plist"] = nil
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Evil", files: files)])
        await fixture.makeService().start()
        #expect(fixture.reports.last?.modules.first?.reason == "ZIP has no Info.plist at its root")
    }

    @Test func infoPlistThatIsNotADictionaryFailsTheModule() async throws {
        var files = SyncFixture.files("Evil", version: 1)
        files["Info.plist"] = Data("(1, 2)".utf8)
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Evil", files: files)])
        await fixture.makeService().start()
        #expect(fixture.reports.last?.modules.first?.reason == "Info.plist is not a property-list dictionary")
    }

    @Test func onlyInfoPlistAndLprojTablesAreInstalled() async throws {
        var files = SyncFixture.files("Mixed", version: 1)
        files["run.sh"] = Data("#!/bin/sh\n".utf8)
        files["Localizable.strings"] = Data("\"root\" = \"table\";\n".utf8)
        files["en.lproj/Main.nib"] = Data([0, 1, 2])
        files["en.lproj/deep/Nested.strings"] = Data("\"a\" = \"b\";\n".utf8)
        files["Assets/en.lproj/X.strings"] = Data("\"a\" = \"b\";\n".utf8)
        let fixture = try SyncFixture()
        let module = try SyncFixture.module("Mixed", files: files)
        fixture.publish([module])
        await fixture.makeService().start()
        #expect(fixture.reports.last?.modules.first?.outcome == .updated)
        let folder = fixture.url("1.0/modules/Mixed/\(module.sha256)")
        #expect(DurableFilesProbe.children(folder) == [".ota-seal", "Info.plist", "en.lproj", "fr.lproj"])
        #expect(DurableFilesProbe.children(folder.appendingPathComponent("en.lproj"))
            == ["Localizable.strings", "Localizable.stringsdict"])
    }

    @Test func streamedZipWithDataDescriptorsAndEmptyEntriesInstalls() async throws {
        var files = SyncFixture.files("Streamed", version: 1)
        files["de.lproj/Localizable.strings"] = Data()     // a 0-byte table parses as empty? see expectation
        files["__MACOSX/._Info.plist"] = Data([0, 5, 22, 7])
        let zip = try IndependentTool.pythonStreamedZip(files)
        let fixture = try SyncFixture()
        let module = try SyncFixture.module("Streamed", files: files, zip: zip)
        fixture.publish([module])
        await fixture.makeService().start()
        let report = try #require(fixture.reports.last?.modules.first)
        #expect(report.outcome == .updated, "\(report.reason ?? "")")
        let folder = "1.0/modules/Streamed/\(module.sha256)"
        #expect(fixture.read("\(folder)/de.lproj/Localizable.strings") == Data())
        #expect(fixture.read("\(folder)/fr.lproj/Localizable.strings") == files["fr.lproj/Localizable.strings"])
        #expect(!fixture.exists("\(folder)/__MACOSX"))
    }
}
