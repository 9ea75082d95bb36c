import Foundation
import OTALocalizationsTooling
import OTATestSupport
import Testing

/// What the experiment tests add to ``PublishedSite``: a second channel to make an arm of, and each device's arm by
/// the assignment formula, computed by Python's `hashlib` from the manifest as written.
extension PublishedSite {
    /// Packages and publishes the channel `long`, in which Checkout's German cart title reads "Ihr Einkaufswagen"
    /// (staging's reads "Ihr Warenkorb").
    func publishLongChannel(signingKey: URL? = nil) async throws {
        try publication.edit("Packages/Features/Sources/Checkout/Resources/de.lproj/Localizable.strings",
                             replacing: "\"Ihr Warenkorb\"", with: "\"Ihr Einkaufswagen\"")
        let sign = signingKey.map { ["--signing-key", $0.path] } ?? []
        for arguments in [
            ["package", publication.source.path, "--app-version", "1.0.0", "--output", publication.output.path,
             "--published-at", "2026-01-03T00:00:00Z", "--channel", "long", "--quiet"] + sign,
            ["publish", publication.versionFolder.path, "--to", www.path, "--channel", "long", "--quiet"],
        ] {
            let result = try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
            guard result.status == 0 else { throw ToolFailureText("\(arguments[0]) failed: \(result.stderr)") }
        }
    }

    /// The arm of each of 4,000 install IDs (32 hex digits, made in Python) under `name`'s experiment, by the formula
    /// of docs/rollouts.md: bucket = first 4 bytes of SHA-256("<id>:<install ID>") big-endian % 10000, in the arm whose
    /// [start, start + percent × 100) holds it; nil outside (or without an experiment).
    func arms(_ name: String = "manifest.json") async throws -> [String: String?] {
        let program = """
            import hashlib, json, sys
            experiment = json.load(open(sys.argv[1])).get("experiment")
            def arm(install):
                if experiment is None:
                    return None
                digest = hashlib.sha256((experiment["id"] + ":" + install).encode()).digest()
                bucket = int.from_bytes(digest[:4], "big") % 10000
                ranges = [("control", experiment["control"])] + [(a["name"], a) for a in experiment["arms"]]
                for name, r in ranges:
                    if r["start"] <= bucket < r["start"] + round(r["percent"] * 100):
                        return name
                return None
            installs = [hashlib.sha256(str(i).encode()).hexdigest()[:32] for i in range(4000)]
            print(json.dumps({i: arm(i) for i in installs}))
            """
        let text = try await ExternalTool.python(program, [folder.appendingPathComponent(name).path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return object.mapValues { $0 as? String }
    }
}
