import Foundation
import OTATestSupport
import Testing

/// docs/ci.md's workflow is YAML of the shape GitHub Actions runs (read by the repository's YAML reader, and by
/// PyYAML when installed), its jobs run on the events the doc says, and every `ota-localizations` option it uses is
/// one the command's `--help` lists.
@Suite struct CIDocumentationTests {
    private func workflowText() throws -> String {
        let text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        let blocks = MarkdownText.fencedBlocks("yaml", in: text)
        #expect(blocks.count == 1)
        return try #require(blocks.first).joined(separator: "\n") + "\n"
    }

    private func runs(_ job: YAMLValue?) -> [String] {
        (job?["steps"]?.items ?? []).compactMap { $0["run"]?.string }
    }

    @Test func theWorkflowValidatesPullRequestsPublishesTagsAndPromotesByHand() throws {
        let source = try workflowText()
        let workflow = try YAMLSubset.parse(source)
        if let python = try YAMLSubset.pythonReading(source) {
            #expect(NSDictionary(dictionary: workflow.foundationObject as? [String: Any] ?? [:]).isEqual(to: python as? [String: Any] ?? [:]))
        }
        #expect(workflow["on"]?.keys == ["pull_request", "push", "schedule", "workflow_dispatch"])
        #expect(workflow["jobs"]?.keys == ["validate", "diff", "publish", "promote", "refresh-expiry"])
        let jobs = try #require(workflow["jobs"])
        #expect(jobs["validate"]?["if"]?.string == "github.event_name == 'pull_request'")
        let validate = runs(jobs["validate"])
        #expect(validate.dropLast().last == "ota-localizations lint-sources . --baseline lint-baseline.json")
        #expect(validate.last?.contains("ota-localizations validate . --format github --validation-baseline validation-baseline.json ${BASELINE:+--baseline \"$BASELINE\"}") == true)
        #expect(validate.last?.contains("if [ \"$STATUS\" = 200 ]; then BASELINE=\"$PUBLIC_BASE/$V/manifest.json\"; fi") == true)
        // The signing key never outlives its step.
        for name in ["publish", "promote", "refresh-expiry"] {
            #expect(runs(jobs[name]).joined().contains("trap 'rm -f \"$RUNNER_TEMP/ota-signing-key.pem\"' EXIT"), "\(name)")
        }
        // The scheduled job re-signs every live version's production publish; the publish sets the window.
        #expect(jobs["refresh-expiry"]?["if"]?.string == "github.event_name == 'schedule'")
        #expect(runs(jobs["refresh-expiry"]).joined().contains("ota-localizations refresh-expiry \"$BASE/$V\" --expires-in 7d"))
        #expect(runs(jobs["publish"]).joined().contains("--expires-in 7d"))
        #expect(runs(jobs["promote"]).joined().contains("rollout-cancel) ota-localizations rollout \"$FOLDER\" --cancel"))
        #expect(jobs["publish"]?["if"]?.string == "startsWith(github.ref, 'refs/tags/v')")
        for name in ["publish", "promote", "refresh-expiry"] {
            let job = jobs[name]
            #expect(job?["permissions"]?["id-token"]?.string == "write", "\(name)")
            #expect(job?["environment"]?.string == "strings", "\(name)")
            let credentials = (job?["steps"]?.items ?? []).first { $0["uses"]?.string?.hasPrefix("aws-actions/configure-aws-credentials@v") == true }
            #expect(credentials?["with"]?["role-to-assume"]?.string?.hasPrefix("arn:aws:iam::") == true, "\(name)")
        }
        let publish = runs(jobs["publish"]).joined(separator: "\n")
        let package = try #require(publish.range(of: "ota-localizations package"))
        let upload = try #require(publish.range(of: "ota-localizations publish"))
        #expect(package.upperBound < upload.lowerBound)
        // Day one: the findings the repository had when the gate was turned on block neither check nor publish.
        #expect(publish.contains("--validation-baseline validation-baseline.json"))
        #expect(try workflowText().contains("pip install --quiet 'awscli>=1.36.10,<2'"))
        #expect(runs(jobs["promote"]).joined().contains("ota-localizations promote \"$FOLDER\" --from staging"))
    }

    @Test func releasePullRequestsGetTheDiffAsOneComment() throws {
        let workflow = try YAMLSubset.parse(try workflowText())
        let job = try #require(workflow["jobs"]?["diff"])
        #expect(job["if"]?.string == "github.event_name == 'pull_request' && startsWith(github.head_ref, 'release/')")
        // Commenting needs pull-requests: write; reading the CDN needs no AWS role.
        #expect(job["permissions"]?["pull-requests"]?.string == "write")
        #expect(job["permissions"]?["id-token"] == nil)
        let script = runs(job).joined(separator: "\n")
        #expect(script.contains("ota-localizations diff \"$PUBLIC_BASE/$V\" . --format github > strings-diff.md"))
        #expect(workflow["env"]?["PUBLIC_BASE"]?.string?.hasPrefix("https://") == true)
        let post = try #require((job["steps"]?.items ?? []).first { $0["uses"]?.string?.hasPrefix("actions/github-script@v") == true })
        let code = try #require(post["with"]?["script"]?.string)
        #expect(code.contains("readFileSync('strings-diff.md'"))
        #expect(code.contains("updateComment") && code.contains("createComment"))
    }

    @Test func everyOptionTheWorkflowPassesIsInTheCommandsHelp() async throws {
        let workflow = try YAMLSubset.parse(try workflowText())
        let scripts = (workflow["jobs"]?.keys ?? []).flatMap { runs(workflow["jobs"]?[$0]) }
        var checked = 0
        for line in scripts.joined(separator: "\n").replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n") {
            guard let start = line.range(of: "ota-localizations ") else { continue }
            let words = line[start.upperBound...].split(separator: " ").map(String.init)
            guard let command = words.first else { continue }
            let help = try await ExternalTool.run(TestPaths.cliExecutable.path, [command, "--help"])
            #expect(help.status == 0, "\(command)")
            for word in words where word.hasPrefix("--") || word.hasPrefix("${PERCENT:+--") {
                let option = String(word.drop { $0 != "-" }.prefix { $0 != "=" && $0 != " " && $0 != "\"" })
                #expect(help.stdout.contains("  \(option) ") || help.stdout.contains("  \(option)\n"), "\(command) \(option)")
                checked += 1
            }
        }
        #expect(checked >= 8)
    }
}
