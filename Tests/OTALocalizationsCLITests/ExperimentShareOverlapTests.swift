import Foundation
import OTATestSupport
import Testing

/// Hostile input for `experiment share` (docs/rollouts.md, "Changing a share"): the command must never write a
/// manifest that devices refuse.
@Suite struct ExperimentShareOverlapTests {
    private func cli(_ arguments: [String]) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
    }

    /// An experiment whose arm `long` has 0% at bucket 500, inside control's buckets 0 to 999, is a valid one (a range
    /// of 0 buckets overlaps nothing: `verify` passes it and devices accept it). `experiment share --arm long --percent
    /// 1` would make control 0–999 and long 500–599, which overlap, and every device would refuse that manifest
    /// (`bad-experiment`): the share checks the experiment it would write, and refuses it, writing nothing.
    @Test func growingAnArmWhoseStartLiesInsideAnotherRangeIsRefused() async throws {
        let site = try await PublishedSite()
        try await site.publishLongChannel()
        let start = ["--id", "checkout-cta", "--arm", "short=staging", "--arm", "long=long", "--percent", "10"]
        await #expect(try cli(["experiment", "start", site.folder.path, "--quiet"] + start).status == 0)
        // Hand edit, both files alike and byte for byte otherwise: long at 0% from bucket 500.
        let pattern = try NSRegularExpression(pattern: "\"start\": 6666,(\\s*)\"percent\": 10,")
        for name in ["manifest.json", "index.json"] {
            let url = site.folder.appendingPathComponent(name)
            let text = try String(contentsOf: url, encoding: .utf8)
            let edited = pattern.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "\"start\": 500,$1\"percent\": 0,")
            #expect(edited != text, "\(name) holds long's range")
            try Data(edited.utf8).write(to: url)
        }
        let valid = try await cli(["verify", site.folder.path, "--quiet"])
        #expect(valid.status == 0, "the edited experiment is valid: \(valid.stdout)")

        let share = try await cli(["experiment", "share", site.folder.path, "--arm", "long", "--percent", "1", "--quiet"])

        #expect(share.status == 1, "share wrote: \(share.stdout)")
        #expect(share.stderr.contains("ranges that devices refuse (arms \"control\" (buckets 0 to 999) and \"long\" (buckets 500 to 599) overlap); nothing was written"), "\(share.stderr)")
        let after = try await cli(["verify", site.folder.path, "--quiet"])
        #expect(after.status == 0, "devices refuse what share wrote: \(after.stdout)")
    }
}
