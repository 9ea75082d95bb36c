import Foundation
import OTALocalizationsTooling
import OTATestSupport
import Testing

/// A folder with production at `2026-01-01` and staging, in which Checkout's German text changed.
struct PublishedSite {
    let publication: SyncHarness.Publication
    let www: URL
    var folder: URL { www.appendingPathComponent("1.0.0") }

    init(signingKey: URL? = nil) async throws {
        publication = try SyncHarness.Publication()
        www = publication.folder.url.appendingPathComponent("www")
        let sign = signingKey.map { ["--signing-key", $0.path] } ?? []
        try await run(["package", publication.source.path, "--app-version", "1.0.0", "--output", publication.output.path,
                 "--published-at", "2026-01-01T00:00:00Z", "--quiet"] + sign)
        try await run(["publish", publication.versionFolder.path, "--to", www.path, "--quiet"])
        try publication.edit("Packages/Features/Sources/Checkout/Resources/de.lproj/Localizable.strings",
                             replacing: "\"Dein Warenkorb\"", with: "\"Ihr Warenkorb\"")
        try await run(["package", publication.source.path, "--app-version", "1.0.0", "--output", publication.output.path,
                 "--published-at", "2026-01-02T00:00:00Z", "--channel", "staging", "--quiet"] + sign)
        try await run(["publish", publication.versionFolder.path, "--to", www.path, "--channel", "staging", "--quiet"])
    }

    private func run(_ arguments: [String]) async throws {
        let result = try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
        guard result.status == 0 else { throw ToolFailureText("\(arguments.first ?? "") failed: \(result.stderr)") }
    }

    /// `name`'s JSON object, read by Python and handed back re-serialized.
    func manifest(_ name: String = "manifest.json") async throws -> [String: Any] {
        let text = try await ExternalTool.python("import json, sys; print(json.dumps(json.load(open(sys.argv[1]))))",
                                           [folder.appendingPathComponent(name).path])
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }
}

