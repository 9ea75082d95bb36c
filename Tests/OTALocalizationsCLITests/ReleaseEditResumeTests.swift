import Foundation
import OTATestSupport
import Testing

/// `promote`, `rollout` and `experiment` killed between their commit points, as a cancelled CI job leaves a folder: for every number
/// of commit points the killed run had written, the same command run again ends with all of them from one publish,
/// and the rollout a killed `promote --rollout` started keeps its id.
///
/// The states are made exactly: the command runs to its end in one copy of the folder, and each state is the folder
/// before it with the first `k` commit points (in the order the commands write them, docs/hosting.md) taken from that
/// copy, the index's new parts with them.
@Suite struct ReleaseEditResumeTests {
    /// A command, after the commands that prepare the folder for it.
    struct Command: Sendable, CustomTestStringConvertible {
        var setUp: [[String]]
        var arguments: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let commands = [
        Command(setUp: [], arguments: ["promote", "--from", "staging", "--rollout", "10"]),
        Command(setUp: [], arguments: ["promote", "--from", "staging"]),
        Command(setUp: [["promote", "--from", "staging", "--rollout", "10"]], arguments: ["rollout", "--percent", "50"]),
        Command(setUp: [["promote", "--from", "staging", "--rollout", "10"]], arguments: ["rollout", "--finish"]),
        Command(setUp: [], arguments: ["experiment", "start", "--id", "cta", "--arm", "short=staging", "--percent", "10"]),
        Command(setUp: [["experiment", "start", "--id", "cta", "--arm", "short=staging", "--percent", "10"]],
                arguments: ["experiment", "share", "--percent", "20"]),
        Command(setUp: [["experiment", "start", "--id", "cta", "--arm", "short=staging", "--percent", "10"]],
                arguments: ["experiment", "end", "--winner", "short"]),
    ]

    /// `words` with the version folder after the command's name (and after `experiment`'s action word).
    private static func placing(_ folder: URL, in words: [String]) -> [String] {
        let head = words.first == "experiment" ? 2 : 1
        return Array(words.prefix(head)) + [folder.path] + words.dropFirst(head)
    }

    /// Production's commit points in the order `promote` and `rollout` write them.
    private static func commitPoints(signed: Bool) -> [String] {
        signed ? ["manifest.json", "manifest.dsse.json", "index.json", "index.dsse.json"] : ["manifest.json", "index.json"]
    }

    private func cli(_ arguments: [String]) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
    }

    /// A JSON file of `folder`, read by Python's `json`.
    private func json(_ folder: URL, _ name: String) async throws -> [String: Any] {
        let text = try await ExternalTool.python("import json, sys; print(json.dumps(json.load(open(sys.argv[1]))))",
                                           [folder.appendingPathComponent(name).path])
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func copy(_ folder: URL, to target: URL) throws {
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(at: folder, to: target)
    }

    @Test(arguments: commands, [false, true])
    func runningTheCommandAgainCompletesWhatAKilledRunStarted(_ command: Command, signed: Bool) async throws {
        let keys = try TemporaryDirectory("resume-keys")
        defer { keys.remove() }
        var sign: [String] = []
        var trust: [String] = []
        if signed {
            let keygen = try await cli(["keygen", "--output", keys.path])
            let publicKey = try #require(keygen.stdout.split(separator: "\n").first { $0.hasPrefix("Public key:") }?
                .split(separator: " ").last.map(String.init))
            sign = ["--signing-key", keys.url.appendingPathComponent("manifest-signing-key.pem").path]
            trust = ["--trusted-key", publicKey]
        }
        let site = try await PublishedSite(signingKey: signed ? keys.url.appendingPathComponent("manifest-signing-key.pem") : nil)
        for step in command.setUp {
            let result = try await cli(Self.placing(site.folder, in: step) + sign)
            try #require(result.status == 0, "\(result.stderr)")
        }
        let work = site.www.appendingPathComponent("work")
        let before = site.www.appendingPathComponent("before")
        let finished = site.www.appendingPathComponent("finished")
        try copy(site.folder, to: before)
        let run = Self.placing(site.folder, in: command.arguments) + sign
        let whole = try await cli(run)
        try #require(whole.status == 0, "\(whole.stderr)")
        try copy(site.folder, to: finished)
        let written = try await json(finished, "manifest.json")
        let commitPoints = Self.commitPoints(signed: signed)

        for killedAfter in 1..<commitPoints.count {
            // The folder as the run killed after its `killedAfter`th commit point left it.
            try copy(finished, to: work)
            for name in commitPoints.dropFirst(killedAfter) {
                let old = before.appendingPathComponent(name)
                try FileManager.default.removeItem(at: work.appendingPathComponent(name))
                if FileManager.default.fileExists(atPath: old.path) { try FileManager.default.copyItem(at: old, to: work.appendingPathComponent(name)) }
            }
            try copy(work, to: site.folder)
            let mixed = try await cli(["verify", site.folder.path] + trust)
            #expect(mixed.status == 1, "after \(killedAfter): verify passed a folder whose commit points are from two publishes")

            let again = try await cli(run)

            #expect(again.status == 0, "after \(killedAfter): \(again.stderr)")
            let verified = try await cli(["verify", site.folder.path] + trust)
            #expect(verified.status == 0, "after \(killedAfter): \(verified.stdout)")
            let manifest = try await json(site.folder, "manifest.json")
            let index = try await json(site.folder, "index.json")
            #expect(manifest["publishedAt"] as? String == index["publishedAt"] as? String, "after \(killedAfter)")
            let rollout = manifest["rollout"] as? [String: Any]
            #expect(((index["rollout"] as? [String: Any])?["id"] as? String) == rollout?["id"] as? String, "after \(killedAfter)")
            #expect(((written["rollout"] as? [String: Any])?["percent"] as? NSNumber) == (rollout?["percent"] as? NSNumber), "after \(killedAfter)")
            // An experiment's ranges are the ones the whole run wrote, in the manifest and the index alike.
            let experiment = manifest["experiment"] as? [String: Any]
            #expect(experiment.map { NSDictionary(dictionary: $0) } == (written["experiment"] as? [String: Any]).map { NSDictionary(dictionary: $0) },
                    "after \(killedAfter)")
            #expect(((index["experiment"] as? [String: Any])?["control"] as? NSDictionary) == (experiment?["control"] as? NSDictionary),
                    "after \(killedAfter)")
            // What the killed run wrote first for every device that trusts it (the manifest, or with a key its envelope)
            // is kept as it is: the same publish, and the same rollout id.
            if !signed || killedAfter >= 2 {
                #expect(try Data(contentsOf: site.folder.appendingPathComponent("manifest.json"))
                        == Data(contentsOf: finished.appendingPathComponent("manifest.json")), "after \(killedAfter)")
            }
        }
    }

    /// Killed after its last commit point (or retried by CI after it finished), `promote --rollout` run again finds its
    /// own publish and keeps the rollout's id: no device is moved between groups. Before, it drew a new id.
    @Test func promoteWithARolloutRunTwiceKeepsItsRolloutID() async throws {
        let site = try await PublishedSite(signingKey: nil)
        let run = ["promote", site.folder.path, "--from", "staging", "--rollout", "10"]
        let first = try await cli(run)
        try #require(first.status == 0, "\(first.stderr)")
        let id = try #require((try await json(site.folder, "manifest.json")["rollout"] as? [String: Any])?["id"] as? String)

        let again = try await cli(run)

        #expect(again.status == 0, "\(again.stderr)")
        let manifest = try await json(site.folder, "manifest.json")
        #expect((manifest["rollout"] as? [String: Any])?["id"] as? String == id)
        #expect((manifest["rollout"] as? [String: Any])?["percent"] as? NSNumber == 10)
        #expect(((try await json(site.folder, "index.json"))["rollout"] as? [String: Any])?["id"] as? String == id)
        #expect((try await cli(["verify", site.folder.path])).status == 0)
    }
}
