import Foundation
@testable import OTALocalizations
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// One `Info.plist` rule for the installer, the cycle's check and the read side: whatever form the ZIP's
/// `Info.plist` has, the installed one is the canonical form for the manifest's development region, which all three
/// accept; a ZIP declaring another development region is refused.
@Suite struct InfoPlistRuleTests {
    static let body = """
        <dict>
            <key>CFBundleDevelopmentRegion</key>
            <string>en</string>
            <key>CFBundleIdentifier</key>
            <string>com.example.shared</string>
        </dict>
        </plist>

        """
    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n"

    /// Info.plist files a ZIP may carry that parse as a dictionary declaring `en` (bytes made by Python where the
    /// form is not plain text).
    static func variants() throws -> [(String, Data)] {
        let text = declaration + body
        var utf16 = Data([0xFF, 0xFE])
        utf16.append(("<plist version=\"1.0\">\n" + body).data(using: .utf16LittleEndian)!)
        let binary = try ProcessRunner.pythonBlocking("""
            import sys, plistlib
            sys.stdout.buffer.write(plistlib.dumps({"CFBundleDevelopmentRegion": "en", "CFBundleVersion": "9"}, fmt=plistlib.FMT_BINARY))
            """)
        let padding = "<key>Padding</key><string>" + String(repeating: "x", count: 1_200_000) + "</string>\n"
        return [
            ("with a byte-order mark", Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)),
            ("after a blank line", Data(("\n" + text).utf8)),
            ("after a comment", Data(("<!-- generated -->\n<plist version=\"1.0\">\n" + body).utf8)),
            ("without an XML declaration", Data(("<plist version=\"1.0\">\n" + body).utf8)),
            ("in UTF-16 with a byte-order mark", utf16),
            ("as a binary property list", binary),
            ("over 1 MiB", Data((declaration + "<dict>\n" + padding + body.dropFirst("<dict>\n".count)).utf8)),
        ]
    }

    @Test func everyAcceptedFormIsInstalledCanonicallyLoadsAndIsNotDownloadedAgain() async throws {
        for (name, infoPlist) in try Self.variants() {
            // Given: a ZIP whose Info.plist has this form.
            let fixture = try SyncFixture()
            var files = SyncFixture.files("Checkout", version: 1)
            files["Info.plist"] = infoPlist
            let checkout = try SyncFixture.module("Checkout", files: files)
            fixture.publish([checkout])

            // When: it is installed.
            await fixture.makeService().start()

            // Then: installed, as the canonical Info.plist, sealed as such.
            #expect(fixture.reports.last?.modules.first?.outcome == .updated, "\(name): \(fixture.reports.last?.modules.first?.reason ?? "")")
            let folder = fixture.url("1.0/modules/Checkout/\(checkout.sha256)")
            #expect(fixture.read("1.0/modules/Checkout/\(checkout.sha256)/Info.plist") == Data(BundleFixtures.infoPlist.utf8), "\(name)")
            var installed = files
            installed["Info.plist"] = Data(BundleFixtures.infoPlist.utf8)
            #expect(fixture.read("1.0/modules/Checkout/\(checkout.sha256)/.ota-seal") == (try InstalledLayout.seal(installed)), "\(name)")
            // The read side takes it...
            #expect(BundleDiskLoader.isReadableBundleFolder(folder), "\(name)")
            // ...and the next process's cycle trusts it: a 304, no download.
            fixture.transport.clearLog()
            await fixture.makeService().start()
            #expect(fixture.reports.last?.manifest == .notModified, "\(name)")
            #expect(fixture.transport.requestedURLs.count == 1, "\(name)")
        }
    }

    /// A ZIP that holds only `Info.plist` (a module whose tables were all removed) is installed, and the read
    /// side's launch check and the cycle's full check agree that the folder is whole.
    @Test func aModuleWithNoTableIsInstalledAndTheReadSideTakesIt() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout", files: ["Info.plist": Data(BundleFixtures.infoPlist.utf8)])
        fixture.publish([checkout])
        await fixture.makeService().start()
        #expect(fixture.reports.last?.modules.first?.outcome == .updated)
        let folder = fixture.url("1.0/modules/Checkout/\(checkout.sha256)")
        #expect(InstalledFolderCheck.isIntact(folder, developmentRegion: "en"))
        #expect(BundleDiskLoader.isReadableBundleFolder(folder))
    }

    @Test func aZipDeclaringAnotherDevelopmentRegionIsRefused() async throws {
        let fixture = try SyncFixture()
        var files = SyncFixture.files("Checkout", version: 1)
        files["Info.plist"] = Data(BundleFixtures.infoPlist(developmentRegion: "fr").utf8)
        let checkout = try SyncFixture.module("Checkout", files: files)
        let profile = try SyncFixture.module("Profile")
        fixture.publish([checkout, profile])
        await fixture.makeService().start()
        let report = try #require(fixture.reports.last)
        #expect(report.modules.first == ModuleReport(
            name: "Checkout", outcome: .failed, bytes: Int64(checkout.zip.count),
            reason: "Info.plist declares CFBundleDevelopmentRegion \"fr\", not the manifest's developmentRegion \"en\"",
            code: .content))
        #expect(report.modules.last?.outcome == .updated)
        #expect(!fixture.exists("1.0/modules/Checkout"))
    }

    @Test func aZipWhoseInfoPlistDeclaresNoDevelopmentRegionIsRefused() async throws {
        let fixture = try SyncFixture()
        var files = SyncFixture.files("Checkout", version: 1)
        files["Info.plist"] = Data((Self.declaration + "<dict><key>CFBundlePackageType</key><string>BNDL</string></dict></plist>\n").utf8)
        let checkout = try SyncFixture.module("Checkout", files: files)
        fixture.publish([checkout])
        await fixture.makeService().start()
        #expect(fixture.reports.last?.modules.first?.reason == "Info.plist has no string CFBundleDevelopmentRegion")
        #expect(fixture.reports.last?.modules.first?.code == .content)
    }

    @Test func theManifestsDevelopmentRegionIsTheOneInstalled() async throws {
        let fixture = try SyncFixture()
        var files = SyncFixture.files("Checkout", version: 1)
        files["Info.plist"] = Data(BundleFixtures.infoPlist(developmentRegion: "pt-BR").utf8)
        let checkout = try SyncFixture.module("Checkout", files: files)
        fixture.publish([checkout], developmentRegion: "pt-BR")
        await fixture.makeService().start()
        #expect(fixture.reports.last?.modules.first?.outcome == .updated)
        #expect(fixture.read("1.0/modules/Checkout/\(checkout.sha256)/Info.plist") == Data(BundleFixtures.infoPlist(developmentRegion: "pt-BR").utf8))

        // A later manifest with another region for the same ZIP: the installed folder no longer matches; the ZIP
        // is refused, and the old install stays.
        fixture.publish([checkout], publishedAt: "2026-07-25T10:00:00Z", developmentRegion: "en")
        await fixture.makeService().start()
        #expect(fixture.reports.last?.modules.first?.code == .content)
        #expect(fixture.read("1.0/modules/Checkout/current") == Data((checkout.sha256 + "\n").utf8))
    }
}
