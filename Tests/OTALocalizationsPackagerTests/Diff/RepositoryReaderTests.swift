import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager
import OTATestSupport
import Testing

/// A repository read for `diff` holds what `package` publishes from it.
@Suite struct RepositoryReaderTests {
    static let example = TestPaths.packageRoot.appendingPathComponent("Examples/SampleApp")

    @Test func theExampleReadsAsThePackageItPublishes() throws {
        let out = try TemporaryDirectory("diff-repository-package")
        defer { out.remove() }
        let options = PackageOptions(
            repositoryRoot: Self.example, appVersion: "1.0.0", outputDirectory: out.url, publishedAt: Date(timeIntervalSince1970: 1_780_000_000))
        _ = try Packager.package(options)

        let repository = try RepositoryReader().snapshot(of: Self.example.path)
        let published = try PublishedVersionReader().snapshot(of: out.url.appendingPathComponent("1.0.0").path)

        #expect(repository == published)
        #expect(StringsDiff(published: published, new: repository).isEmpty)
        // A value read from the example's file by hand: Checkout's fr.lproj/Localizable.strings says
        // "cart.title" = "Votre panier";
        let french = StringsSnapshot.TableID(module: "Checkout", localization: "fr", fileName: "Localizable.strings")
        #expect(repository.tables[french]?.entries["cart.title"] == StringsValue(text: "Votre panier"))
        // InfoPlist.strings is never published (docs/configuration.md), so it is not read either.
        #expect(!repository.tables.keys.contains { $0.fileName == "InfoPlist.strings" })
        #expect(Set(repository.tables.keys.map(\.module)) == ["Checkout", "Profile", "SampleApp", "Search"])
    }

    @Test func aTableThatDoesNotParseStopsTheReadingLikePackage() throws {
        let repository = try TemporaryDirectory("diff-repository-broken")
        defer { repository.remove() }
        try repository.write("Shop/en.lproj/Localizable.strings", "\"a\" = \"A\"\n")

        #expect {
            try RepositoryReader().snapshot(of: repository.path)
        } throws: { error in
            (error as? PackagerError)?.code == .invalidTables
        }
    }
}
