import Foundation
import OTATestSupport
import Testing

/// `experiment start|share|end` on a published local version folder (production, and the channels staging and long,
/// each with another German cart title in Checkout), read back with Python's `json`; each device's arm is computed by
/// the assignment formula in Python (``PublishedSite/arms(_:)``), never by the code under test.
@Suite struct ExperimentCommandTests {
    private func cli(_ arguments: [String]) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
    }

    private func site() async throws -> PublishedSite {
        let site = try await PublishedSite()
        try await site.publishLongChannel()
        return site
    }

    private func paths(_ modules: Any?) -> [String] {
        (modules as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    }

    private func experiment(_ manifest: [String: Any]) -> [String: Any]? { manifest["experiment"] as? [String: Any] }

    /// `name`, `start` and `percent` of control and each arm, as the manifest writes them.
    private func ranges(_ manifest: [String: Any]) -> [String] {
        guard let experiment = experiment(manifest) else { return [] }
        let control = experiment["control"] as? [String: Any] ?? [:]
        let arms = experiment["arms"] as? [[String: Any]] ?? []
        return ["control \(control["start"] ?? "") \(control["percent"] ?? "")"]
            + arms.map { "\($0["name"] ?? "") \($0["start"] ?? "") \($0["percent"] ?? "")" }
    }

    private let start = ["--id", "checkout-cta", "--arm", "short=staging", "--arm", "long=long", "--percent", "10"]

    @Test func startGivesEachArmItsChannelsChangesInEqualSlots() async throws {
        let site = try await site()
        let production = try await site.manifest()
        let staging = try await site.manifest("manifest.staging.json")
        let long = try await site.manifest("manifest.long.json")

        let result = try await cli(["experiment", "start", site.folder.path] + start)
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try await site.manifest()
        // Control and two arms: slots of 10000 / 3 = 3333 buckets.
        #expect(ranges(manifest) == ["control 0 10", "short 3333 10", "long 6666 10"])
        #expect(experiment(manifest)?["id"] as? String == "checkout-cta")
        #expect(paths(manifest["modules"]) == paths(production["modules"]))
        #expect(manifest["rollout"] == nil)
        let arms = try #require(experiment(manifest)?["arms"] as? [[String: Any]])
        // Each arm holds exactly its channel's entries that production does not have.
        let stable = Set(paths(production["modules"]))
        #expect(paths(arms[0]["modules"]) == paths(staging["modules"]).filter { !stable.contains($0) })
        #expect(paths(arms[1]["modules"]) == paths(long["modules"]).filter { !stable.contains($0) })
        #expect(paths(arms[0]["modules"]).count == 1 && paths(arms[0]["modules"]) != paths(arms[1]["modules"]))
        #expect(arms.allSatisfy { $0["removedModules"] == nil })
        // The published index devices read carries the same experiment, each arm with its own parts.
        let index = try await site.manifest("index.json")
        let indexArms = try #require((index["experiment"] as? [String: Any])?["arms"] as? [[String: Any]])
        #expect(indexArms.map { "\($0["name"] ?? "") \($0["start"] ?? "") \($0["percent"] ?? "")" } == ["short 3333 10", "long 6666 10"])
        #expect(indexArms.allSatisfy { $0["parts"] is [String: Any] })

        // What it printed: the manifest written and each range, from the manifest as Python read it.
        let f = site.folder.path
        let modules = try #require(manifest["modules"] as? [[String: Any]])
        func sha(_ module: [String: Any]) -> String { String((module["sha256"] as? String ?? "").prefix(16)) }
        func entries(_ arm: [String: Any]) -> String {
            (arm["modules"] as? [[String: Any]] ?? []).map { "\($0["name"]!) \(sha($0))" }.joined(separator: ", ")
        }
        let expected = """
            Wrote \(f)/manifest.json, publishedAt \(manifest["publishedAt"]!) (was \(production["publishedAt"]!)):
              modules: \(modules.map { "\($0["name"]!) \(sha($0))" }.joined(separator: ", "))
              experiment checkout-cta:
                control at 10%, buckets 0 to 999: production's modules
                arm short at 10%, buckets 3333 to 4332: \(entries(arms[0]))
                arm long at 10%, buckets 6666 to 7665: \(entries(arms[1]))
              with: index.json and its parts, what devices read

            """
        #expect(result.stdout == expected)
        #expect(result.stderr.hasPrefix("read the manifests of \(f)\ncheck "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("write \(f)/manifest.json\nwrite \(f)/index.json\n"), "\(result.stderr)")

        // The same start again (a retried CI job) writes the same experiment again, later.
        let again = try await cli(["experiment", "start", site.folder.path, "--quiet"] + start)
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
        let rewritten = try await site.manifest()
        #expect(ranges(rewritten) == ranges(manifest))
        #expect((rewritten["publishedAt"] as? String ?? "") > (manifest["publishedAt"] as? String ?? ""))
    }

    @Test func growingAShareKeepsEveryArmsStartAndEveryDevicesArm() async throws {
        let site = try await site()
        await #expect(try cli(["experiment", "start", site.folder.path, "--quiet"] + start).status == 0)
        let before = try await site.arms()
        let counts = Dictionary(grouping: before.values.compactMap { $0 }, by: { $0 }).mapValues(\.count)
        // 10% of 4,000 devices in each range, give or take.
        for name in ["control", "short", "long"] { #expect((300...500).contains(counts[name] ?? 0), "\(name): \(counts)") }

        // Every arm and control to 30%: starts stay, and a device in an arm stays in it.
        let grown = try await cli(["experiment", "share", site.folder.path, "--percent", "30", "--quiet"])
        #expect(grown.status == 0, "\(grown.stderr)")
        #expect(ranges(try await site.manifest()) == ["control 0 30", "short 3333 30", "long 6666 30"])
        let after = try await site.arms()
        for (install, arm) in before where arm != nil { #expect(after[install] == arm, "\(install)") }
        #expect(after.values.compactMap { $0 }.count > before.values.compactMap { $0 }.count * 5 / 2)

        // One arm only.
        await #expect(try cli(["experiment", "share", site.folder.path, "--percent", "33.33", "--arm", "long", "--quiet"]).status == 0)
        #expect(ranges(try await site.manifest()) == ["control 0 30", "short 3333 30", "long 6666 33.33"])
        let one = try await site.arms()
        for (install, arm) in after where arm != nil { #expect(one[install] == arm, "\(install)") }
        for (install, arm) in one where arm != after[install] { #expect(arm == "long", "\(install)") }

        // Shrinking only takes devices out: none lands in another arm.
        await #expect(try cli(["experiment", "share", site.folder.path, "--percent", "5", "--quiet"]).status == 0)
        let shrunk = try await site.arms()
        for (install, arm) in shrunk where arm != nil { #expect(one[install] == arm, "\(install)") }

        // Past a slot: refused, nothing written.
        let bytes = try Data(contentsOf: site.folder.appendingPathComponent("manifest.json"))
        let past = try await cli(["experiment", "share", site.folder.path, "--percent", "33.34", "--arm", "short"])
        #expect(past.status == 1)
        #expect(past.stdout.isEmpty)
        #expect(past.stderr.hasSuffix("error: --percent: arm short may have at most 33.33%: a share grows from its range's start only, up to its slot, and never into the next range\n"), "\(past.stderr)")
        #expect(try Data(contentsOf: site.folder.appendingPathComponent("manifest.json")) == bytes)
        let unknown = try await cli(["experiment", "share", site.folder.path, "--percent", "5", "--arm", "medium", "--quiet"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "error: --arm 'medium' is not an arm of the experiment; give one of control, short and long\n")
        // Control is a range like the others.
        await #expect(try cli(["experiment", "share", site.folder.path, "--percent", "20", "--arm", "control", "--quiet"]).status == 0)
        #expect(ranges(try await site.manifest()) == ["control 0 20", "short 3333 5", "long 6666 5"])
    }

    @Test func endingWithAWinnerMakesItsEntriesStableWithALaterPublishedAt() async throws {
        let site = try await site()
        let production = try await site.manifest()
        let long = try await site.manifest("manifest.long.json")
        await #expect(try cli(["experiment", "start", site.folder.path, "--quiet"] + start).status == 0)
        let running = try await site.manifest()

        let ended = try await cli(["experiment", "end", site.folder.path, "--winner", "long", "--quiet", "--json"])
        #expect(ended.status == 0, "\(ended.stderr)")
        let manifest = try await site.manifest()
        #expect(manifest["experiment"] == nil)
        #expect(paths(manifest["modules"]) == paths(long["modules"]))
        #expect((manifest["publishedAt"] as? String ?? "") > (running["publishedAt"] as? String ?? ""))
        #expect(ended.stdout.contains("\"experiment\":null"))
        // The index devices read says the same.
        #expect(try await site.manifest("index.json")["experiment"] == nil)

        // Ended once: a second end has nothing to end.
        let again = try await cli(["experiment", "end", site.folder.path, "--winner", "long"])
        #expect(again.status == 1)
        let f = site.folder.path
        #expect(again.stderr == "read the manifests of \(f)\nerror: \(f)/manifest.json has no experiment; start one with "
            + "'experiment start <version folder> --id <id> --arm <name>=<channel> --percent <p>'\n")

        // Control wins: production's modules stay.
        await #expect(try cli(["promote", site.folder.path, "--from", "staging", "--quiet"]).status == 0)
        let staged = try await site.manifest()
        await #expect(try cli(["experiment", "start", site.folder.path, "--quiet", "--id", "second", "--arm", "b=long", "--percent", "50"]).status == 0)
        #expect(ranges(try await site.manifest()) == ["control 0 50", "b 5000 50"])
        await #expect(try cli(["experiment", "end", site.folder.path, "--winner", "control", "--quiet"]).status == 0)
        let kept = try await site.manifest()
        #expect(kept["experiment"] == nil)
        #expect(paths(kept["modules"]) == paths(staged["modules"]) && paths(kept["modules"]) != paths(production["modules"]))
    }

    @Test func anArmCarriesTheRemovalOfAModuleItsChannelDroppedAndAWinnerRemovesItForEveryone() async throws {
        let site = try await site()
        let production = try await site.manifest()
        // The long arm's channel dropped Search.
        try site.publication.rewrite(channel: "long") { manifest in manifest.modules.removeAll { $0.name == "Search" } }
        await #expect(try cli(["publish", site.publication.versionFolder.path, "--to", site.www.path, "--channel", "long", "--quiet"]).status == 0)
        let f = site.folder.path

        // A dry run prints what it would write and writes nothing.
        let before = try Data(contentsOf: site.folder.appendingPathComponent("manifest.json"))
        let dryRun = try await cli(["experiment", "start", f, "--dry-run", "--quiet"] + start)
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(dryRun.stdout.hasPrefix("Would write (dry run) \(f)/manifest.json, publishedAt "))
        #expect(dryRun.stdout.contains("\n    arm long at 10%, buckets 6666 to 7665: Checkout "))
        #expect(dryRun.stdout.contains(", removes Search\n"))
        #expect(try Data(contentsOf: site.folder.appendingPathComponent("manifest.json")) == before)

        await #expect(try cli(["experiment", "start", f, "--quiet"] + start).status == 0)
        var manifest = try await site.manifest()
        #expect(paths(manifest["modules"]) == paths(production["modules"]), "control and the devices outside keep Search")
        let arms = try #require(experiment(manifest)?["arms"] as? [[String: Any]])
        #expect(arms[0]["removedModules"] == nil)
        #expect(arms[1]["removedModules"] as? [String] == ["Search"])
        let verified = try await cli(["verify", f, "--quiet"])
        #expect(verified.status == 0, "\(verified.stdout)")
        let stable = paths(production["modules"]).count
        #expect(verified.stdout.contains("\nok    experiment checkout-cta, arm long (10%, buckets 6666 to 7665): a device in it uses "
            + "\(stable - 1) module entries (Checkout from the arm, Search dropped)\n"), "\(verified.stdout)")

        let unknown = try await cli(["experiment", "end", f, "--winner", "medium", "--quiet"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "error: --winner 'medium' is not an arm of the experiment; give one of control, short and long\n")
        await #expect(try cli(["experiment", "end", f, "--winner", "long", "--quiet"]).status == 0)
        manifest = try await site.manifest()
        #expect(manifest["experiment"] == nil)
        #expect(paths(manifest["modules"]) == paths(try await site.manifest("manifest.long.json")["modules"]))
        #expect(!(manifest["modules"] as? [[String: Any]] ?? []).contains { $0["name"] as? String == "Search" })
        await #expect(try cli(["verify", f, "--quiet"]).status == 0)
    }

    @Test func aRolloutAndAnExperimentRefuseEachOtherWithWhatToDo() async throws {
        let site = try await site()
        let f = site.folder.path
        await #expect(try cli(["promote", f, "--from", "staging", "--rollout", "10", "--quiet"]).status == 0)
        let rolloutID = try #require((try await site.manifest()["rollout"] as? [String: Any])?["id"] as? String)
        let refused = try await cli(["experiment", "start", f, "--quiet"] + start)
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: \(f)/manifest.json carries the staged rollout \(rolloutID): a manifest carries a rollout or an "
            + "experiment, not both. Finish or cancel the rollout first ('rollout --finish' or 'rollout --cancel')\n")
        #expect(try await site.manifest()["experiment"] == nil)

        await #expect(try cli(["rollout", f, "--cancel", "--quiet"]).status == 0)
        await #expect(try cli(["experiment", "start", f, "--quiet"] + start).status == 0)
        let running = try Data(contentsOf: site.folder.appendingPathComponent("manifest.json"))
        let inProgress = "error: \(f)/manifest.json carries the experiment checkout-cta: a manifest carries a rollout or one experiment, "
            + "not more. End it first ('experiment end <version folder> --winner <arm>', or --winner control)\n"
        for arguments in [
            ["promote", f, "--from", "staging", "--rollout", "10"], ["rollout", f, "--percent", "20"], ["rollout", f, "--finish"],
            ["experiment", "start", f, "--id", "other", "--arm", "b=long", "--percent", "10"],
        ] {
            let result = try await cli(arguments + ["--quiet"])
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr == inProgress, "\(arguments)")
        }
        #expect(try Data(contentsOf: site.folder.appendingPathComponent("manifest.json")) == running)
    }

    @Test func usageErrorsExitTwoAndSayWhatToGive() async throws {
        let site = try await site()
        let f = site.folder.path
        let usage = "\nRun 'ota-localizations experiment --help' for usage.\n"
        let cases: [([String], String)] = [
            ([], "missing the action: give start, share or end, then the version folder"),
            (["strat", f], "unknown action 'strat'; did you mean 'start'?; give start, share or end, then the version folder"),
            (["start"] + start, "missing <version folder> after 'start'"),
            (["start", f, "--winner", "short"] + start, "--winner is for 'experiment end', not 'experiment start'"),
            (["end", f, "--winner", "short", "--percent", "5"], "--percent is for 'experiment start' and 'experiment share', not 'experiment end'"),
            (["start", f, "--arm", "short=staging", "--percent", "10"], "missing --id <value>"),
            (["start", f, "--id", "a b", "--arm", "short=staging", "--percent", "10"],
             "--id 'a b' is not an experiment id: 1 to 64 ASCII letters, digits, '-' or '_', e.g. checkout-cta"),
            (["start", f, "--id", "x", "--percent", "10"], "missing --arm <name>=<channel>: give one per arm, e.g. --arm short=copy-short"),
            (["start", f, "--id", "x", "--arm", "short", "--percent", "10"],
             "--arm 'short' is not <name>=<channel>: give the arm's name and the published channel it shows, e.g. short=copy-short"),
            (["start", f, "--id", "x", "--arm", "control=staging", "--percent", "10"],
             "--arm 'control': control is production's own modules, not an arm; give the arms only"),
            (["start", f, "--id", "x", "--arm", "Short=staging", "--percent", "10"],
             "--arm 'Short' is not an arm name: 1 to 32 lowercase letters, digits and '-', starting with a letter, e.g. short"),
            (["start", f, "--id", "x", "--arm", "a=staging", "--arm", "a=long", "--percent", "10"], "--arm 'a' is given twice; each arm has its own name"),
            (["start", f, "--id", "x", "--arm", "a=production", "--percent", "10"],
             "--arm a=production: production is control's; give an arm another published channel"),
            (["start", f, "--id", "x", "--arm", "a=staging", "--arm", "b=long", "--percent", "40"],
             "--percent 40: with 2 arms and control, each has 3333 buckets, so at most 33.33%"),
            (["start", f, "--id", "x", "--arm", "a=staging", "--percent", "1.234"],
             "--percent '1.234' is not a percent from 0 to 100 with at most two decimals, e.g. 10 or 12.5"),
            (["share", f, "--percent", "5", "--arm", "a", "--arm", "b"],
             "give --arm once (or leave it out to change every arm and control), got 2"),
            (["end", f], "missing --winner <value>"),
        ]
        for (arguments, message) in cases {
            let result = try await cli(["experiment"] + arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            #expect(result.stderr == "error: \(message)\(usage)", "\(arguments)")
        }
        let nine = (1...9).flatMap { ["--arm", "a\($0)=staging"] }
        let tooMany = try await cli(["experiment", "start", f, "--id", "x", "--percent", "1"] + nine)
        #expect(tooMany.status == 2)
        #expect(tooMany.stderr == "error: 9 arms given; an experiment has at most 8 besides control\(usage)")
        // --json: the error object on stdout too.
        let json = try await cli(["experiment", "share", f, "--json"])
        #expect(json.stdout == "{\"error\":{\"code\":\"usage\",\"message\":\"missing --percent <value>\"}}\n")
        // Nothing was written by any of them.
        #expect(try await site.manifest()["experiment"] == nil)
    }

    @Test func helpAndShellCompletionKnowTheActions() async throws {
        let help = try await cli(["help", "experiment"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: ota-localizations experiment start <version folder> --id <id> --arm <name>=<channel>"))
        #expect(help.stdout.contains("\n       ota-localizations experiment share <version folder> --percent <p> [--arm <name>] [options]\n"))
        #expect(help.stdout.contains("\n       ota-localizations experiment end <version folder> --winner <arm> [options]\n"))
        let list = try await cli(["--help"])
        #expect(list.stdout.contains("\n  experiment       Start a copy experiment with arms on production, change its shares, end it with a winner\n"))

        let temp = try TemporaryDirectory("completion-experiment")
        defer { temp.remove() }
        let script = temp.url.appendingPathComponent("ota.bash")
        try Data(try await cli(["completion", "bash"]).stdout.utf8).write(to: script)
        try Data().write(to: temp.url.appendingPathComponent("folder.txt"))
        func complete(_ words: [String]) async throws -> [String] {
            let program = """
                source '\(script.path)'
                COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
                _ota_localizations
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try await ExternalTool.run("/bin/bash", ["-c", "cd '\(temp.path)' && " + program])
            return result.stdout.split(separator: "\n").map(String.init).sorted()
        }
        #expect(try await complete(["ota-localizations", "exp"]) == ["experiment"])
        #expect(try await complete(["ota-localizations", "experiment", ""]) == ["end", "share", "start"])
        #expect(try await complete(["ota-localizations", "experiment", "s"]) == ["share", "start"])
        #expect(try await complete(["ota-localizations", "experiment", "start", "fol"]) == ["folder.txt"])
        #expect(try await complete(["ota-localizations", "experiment", "start", "--wi"]) == ["--winner"])
    }
}
