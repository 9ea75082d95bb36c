import Foundation
import OTATestSupport
import Testing

/// `.github/workflows/ci.yml` is valid YAML of the shape GitHub Actions runs, its Linux job runs exactly `.ci/run`,
/// and its macOS job pins the runner image, takes the newest Xcode 26 on it, runs what Linux runs (`Scripts/test` with
/// the AWS CLI and moto, the availability gate), then tests the iOS example app in a Simulator the image has against
/// the example publish.
@Suite struct WorkflowTests {
    private static let path = ".github/workflows/ci.yml"

    private func text(_ path: String) throws -> String {
        try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    private func workflow() throws -> YAMLValue {
        try YAMLSubset.parse(try text(Self.path))
    }

    private func job(_ name: String) throws -> YAMLValue {
        try #require(try workflow()["jobs"]?[name], "no job \(name)")
    }

    /// The `run` scripts of a job's steps, in order.
    private func runs(_ job: YAMLValue) throws -> [String] {
        try #require(job["steps"]?.items).compactMap { $0["run"]?.string }
    }

    /// The `uses` of a job's steps, in order.
    private func uses(_ job: YAMLValue) throws -> [String] {
        try #require(job["steps"]?.items).compactMap { $0["uses"]?.string }
    }

    /// The words of one shell command line as `sh` splits them (Python's `shlex`, an independent tokenizer), with
    /// backslash-newline continuations joined.
    private func words(_ command: String) throws -> [String] {
        let output = try ProcessRunner.pythonBlocking(
            "import sys, json, shlex; print(json.dumps(shlex.split(sys.stdin.read())))",
            stdin: Data(command.replacingOccurrences(of: "\\\n", with: " ").utf8))
        return try #require(try JSONSerialization.jsonObject(with: output) as? [String])
    }

    @Test func isWhatPyYAMLReadsWhenItIsInstalled() throws {
        let source = try text(Self.path)
        let ours = try YAMLSubset.parse(source).foundationObject
        guard let python = try YAMLSubset.pythonReading(source) else { return }   // PyYAML absent: nothing to compare
        #expect(NSDictionary(dictionary: ours as? [String: Any] ?? [:]).isEqual(to: python as? [String: Any] ?? [:]))
    }

    @Test func hasTheKeysGitHubActionsNeedsAndRunsOnEveryPush() throws {
        let workflow = try workflow()
        #expect(workflow.keys == ["name", "on", "permissions", "concurrency", "jobs"])
        #expect(workflow["on"]?.keys == ["push", "pull_request"])
        #expect(workflow["permissions"]?["contents"]?.string == "read")
        #expect(workflow["jobs"]?.keys == ["linux", "macos"])
        for name in ["linux", "macos"] {
            let job = try job(name)
            #expect(job["runs-on"]?.string?.isEmpty == false)
            #expect(Int(job["timeout-minutes"]?.string ?? "") ?? 0 > 0)
            for step in try #require(job["steps"]?.items) {
                // Each step either runs a script or uses an action, never both, and actions are pinned to a version.
                #expect((step["run"] == nil) != (step["uses"] == nil), "\(step)")
                if let action = step["uses"]?.string { #expect(action.contains("@v"), "\(action)") }
            }
        }
    }

    @Test func theLinuxJobRunsExactlyCIRun() throws {
        let linux = try job("linux")

        #expect(try runs(linux) == [".ci/run"])
        #expect(linux["defaults"]?["run"]?["working-directory"]?.string == "OTALocalizations")
        #expect(linux["container"]?.string == "swift:6.3.1-bookworm")
        // .ci/run is an executable script that runs the README's test command, Scripts/test, which installs what a
        // fresh machine lacks and then runs swift test.
        for path in [".ci/run", "Scripts/test"] {
            #expect(FileManager.default.isExecutableFile(atPath: TestPaths.packageRoot.appendingPathComponent(path).path), "\(path)")
            #expect(try text(path).components(separatedBy: "\n").first == "#!/usr/bin/env bash", "\(path)")
        }
        #expect(try text(".ci/run").components(separatedBy: "\n").contains("Scripts/test"))
        #expect(try text("Scripts/test").components(separatedBy: "\n").contains("swift test \"$@\""))
        #expect(try text("README.md").contains("```sh\nswift run ota-localizations package Examples/SampleApp --app-version 1.0.0 --output .build/ota\nScripts/test\n```"))
    }

    @Test func theMacOSJobRunsWhatLinuxRunsWithTheNewestXcode26() throws {
        let macos = try job("macos")
        let scripts = try runs(macos)

        #expect(macos["runs-on"]?.string == "macos-26")
        // The newest Xcode 26 release on the image, whatever its point release, never a beta.
        let select = try #require(scripts.first { $0.contains("sudo xcode-select") })
        #expect(select.contains(
            "xcode=$(find /Applications -maxdepth 1 -type d -name 'Xcode_26*.app' ! -iname '*beta*' | sort -V | tail -n 1)"))
        #expect(select.contains("sudo xcode-select -s \"$xcode\""))
        #expect(select.contains(">> \"$GITHUB_ENV\""))
        // Scripts/test (which installs the AWS CLI and moto, then runs swift test), then the availability gate.
        let test = try #require(scripts.firstIndex(of: "Scripts/test"))
        let gate = try #require(scripts.firstIndex(of: "Scripts/apple-availability"))
        #expect(scripts.firstIndex(of: select)! < test && test < gate)
        #expect(try text(".ci/run").components(separatedBy: "\n").contains("Scripts/apple-availability"))
        #expect(macos["defaults"]?["run"]?["working-directory"]?.string == "OTALocalizations")
    }

    @Test func theMacOSJobTestsTheExampleAppInTheSimulatorAgainstTheExamplePublish() throws {
        let scripts = try runs(try job("macos"))

        let simulator = try #require(scripts.first { $0.contains("xcodebuild test") })
        let command = String(simulator[try #require(simulator.range(of: "xcodebuild test")).lowerBound...])
        let xcodebuild = try words(command)
        func option(_ name: String) -> String? {
            xcodebuild.firstIndex(of: name).flatMap { $0 + 1 < xcodebuild.count ? xcodebuild[$0 + 1] : nil }
        }
        let project = try #require(option("-project"))
        let scheme = try #require(option("-scheme"))
        #expect(project == "Examples/iOSApp/OTAExample.xcodeproj")
        let root = TestPaths.packageRoot
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("\(project)/project.pbxproj").path))
        #expect(FileManager.default.fileExists(
            atPath: root.appendingPathComponent("\(project)/xcshareddata/xcschemes/\(scheme).xcscheme").path))
        // A simulator the image has: an iPhone of its newest iOS runtime, looked up when the job runs.
        #expect(option("-destination") == "platform=iOS Simulator,id=$device")
        #expect(simulator.contains("sdk=$(xcrun --sdk iphonesimulator --show-sdk-version)"))
        #expect(simulator.contains("device=$(xcrun simctl list devices available --json"))
        #expect(option("-testLanguage") == "en")

        // The publish step serves what publish.sh wrote, with the Catalog title the simulator test expects.
        let publish = try #require(scripts.first { $0.hasPrefix("Examples/iOSApp/publish.sh") })
        let publishWords = try words(try #require(publish.components(separatedBy: "\n").first))
        let title = try #require(publishWords.firstIndex(of: "--catalog-title").map { publishWords[$0 + 1] })
        let simulatorTest = try text("Examples/iOSApp/OTAExampleTests/OverTheAirTests.swift")
        #expect(simulatorTest.contains("static let publishedTitle = \"\(title)\""))
        #expect(publish.contains("python3 -m http.server 8080 --directory \"$RUNNER_TEMP/site\""))
        #expect(scripts.firstIndex(of: publish)! < scripts.firstIndex(of: simulator)!)
    }

    @Test func bothJobsCacheTheBuildFolderPerToolchain() throws {
        for name in ["linux", "macos"] {
            let steps = try #require(try job(name)["steps"]?.items)
            let cache = try #require(steps.first { $0["uses"]?.string?.hasPrefix("actions/cache@") == true })
            #expect(cache["with"]?["path"]?.string == "OTALocalizations/.build")
            let key = try #require(cache["with"]?["key"]?.string)
            #expect(key.hasPrefix(name == "linux" ? "linux-swift-6.3.1-" : "macos-xcode-${{ env.XCODE_VERSION }}-"))
            #expect(key.contains("hashFiles('OTALocalizations/Package.swift')"))
        }
    }
}
