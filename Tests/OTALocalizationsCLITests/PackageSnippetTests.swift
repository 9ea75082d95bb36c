import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing

/// docs/integration.md's package manifest, read by SwiftPM itself (`swift package dump-package`, which evaluates the
/// manifest without resolving it): it depends on this package at the released version, and its targets link
/// products this package declares, the feature module the read side only.
@Suite struct PackageSnippetTests {
    /// The ```swift block of integration.md that is a manifest.
    private func manifest() throws -> String {
        let text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/integration.md"), encoding: .utf8)
        let manifests = MarkdownText.fencedBlocks("swift", in: text).filter { $0.first?.hasPrefix("// swift-tools-version:") == true }
        #expect(manifests.count == 1)
        return try #require(manifests.first).joined(separator: "\n") + "\n"
    }

    /// The `.library(name:` products of this package's Package.swift.
    private func libraryProducts() throws -> Set<String> {
        let text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\.library\(name: "([A-Za-z]+)""#)
        return Set(pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        })
    }

    @Test func theIntegrationManifestDependsOnTheReleaseAndLinksRealProducts() async throws {
        let folder = try TemporaryDirectory("package-snippet")
        defer { folder.remove() }
        try folder.write("Package.swift", try manifest())

        let dump = try await ExternalTool.run("swift", [
            "package", "--package-path", folder.path, "--scratch-path", folder.url.appendingPathComponent(".build").path,
            "dump-package",
        ])
        #expect(dump.status == 0, "\(dump.stderr)")

        // Read with Python's json module: the dependency, then each target's product dependencies.
        let summary = try await ExternalTool.python("""
            import sys, json
            d = json.loads(sys.argv[1])
            for dep in d["dependencies"]:
                sc = dep["sourceControl"][0]
                r = sc["requirement"]["range"][0]
                print(sc["location"]["remote"][0]["urlString"], r["lowerBound"], r["upperBound"])
            for t in d["targets"]:
                print(t["name"], " ".join(x["product"][0] + "@" + x["product"][1] for x in t["dependencies"] if "product" in x))
            """, [dump.stdout])
        let lines = summary.split(separator: "\n").map(String.init)
        let version = OTALocalizationsVersion.current
        #expect(lines.first == "https://github.com/example/OTALocalizations.git \(version) 1.0.0")
        #expect(lines.dropFirst() == [
            "Checkout OTALocalizations@OTALocalizations",
            "AppRoot OTALocalizations@OTALocalizations OTALocalizationsSync@OTALocalizations OTALocalizationsCore@OTALocalizations",
        ])
        let linked = Set(lines.dropFirst().flatMap { $0.split(separator: " ").dropFirst().map { String($0.split(separator: "@")[0]) } })
        #expect(linked.isSubset(of: try libraryProducts()), "\(linked)")
        // The package's name is what the `package:` labels say: SwiftPM names a URL dependency after its last component.
        #expect(try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
            .contains("name: \"OTALocalizations\","))
    }
}
