import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing
@testable import OTALocalizationsPackager
import OTALocalizationsValidation

/// What `package` refuses or warns about before it writes, and what it cleans up.
@Suite struct PackagerEdgeTests {
    private func repo() throws -> TemporaryDirectory {
        let repo = try TemporaryDirectory("edge")
        try repo.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        return repo
    }

    private func package(_ repo: TemporaryDirectory, _ version: String = "1.0", into out: URL, previous: URL? = nil,
                         validation: ValidationOptions = ValidationOptions()) throws -> PackageResult {
        try Packager.package(PackageOptions(
            repositoryRoot: repo.url, appVersion: version, outputDirectory: out,
            publishedAt: Date(timeIntervalSince1970: 1_800_000_000), previousManifest: previous, validation: validation))
    }

    @Test func theAppVersionIsWhatCFBundleShortVersionStringCanBe() throws {
        // Apple, "CFBundleShortVersionString": period-separated integers, only digits and periods ("such as 10.14.1").
        for version in ["1", "1.0", "26.7.0", "0.0.1", "10.14.1"] { #expect(PackageOptions.isAppVersion(version), "\(version)") }
        for version in ["v1.0", "1.0.0.0", "1..0", "1.", ".1", "1.0-beta", "1.0 ", "", "١.٠", "1,0"] {
            #expect(!PackageOptions.isAppVersion(version), "\(version)")
        }
        let repo = try repo()
        let out = try TemporaryDirectory("out")
        defer { repo.remove(); out.remove() }
        let error = #expect(throws: PackagerError.self) { try package(repo, "v1.0", into: out.url) }
        #expect(error?.code == .badAppVersion)
        #expect(error?.field == .appVersion && error?.facts.value == "v1.0")
        #expect(error?.reason == "app version 'v1.0' is not a marketing version: CFBundleShortVersionString is one to three period-separated non-negative integers, only digits and periods (Apple: \"CFBundleShortVersionString\"); use the app's version, e.g. 1.0.0")
    }

    @Test func anOutputPathThatIsAFileIsOneLine() throws {
        let repo = try repo()
        let out = try TemporaryDirectory("out")
        defer { repo.remove(); out.remove() }
        let file = try out.write("taken", "x")
        let error = #expect(throws: PackagerError.self) { try package(repo, into: file) }
        #expect(error?.code == .io)
        #expect(error?.reason == "output folder: \(file.path) is a file, so the folder \(file.path)/1.0 cannot be created inside it; give a folder (it is created when missing)")
        // The version folder itself taken by a file.
        let version = try out.write("out2/1.0", "x")
        let second = #expect(throws: PackagerError.self) { try package(repo, into: version.deletingLastPathComponent()) }
        #expect(second?.reason == "output folder: \(version.path) is a file, not a folder; give a folder (it is created when missing)")
    }

    @Test func aRepositoryRootThatDoesNotExistSaysSo() throws {
        let error = #expect(throws: PackagerError.self) {
            try ModuleDiscovery.discover(repositoryRoot: URL(fileURLWithPath: "/nonexistent/ota-repo"), configuration: PackagerConfiguration())
        }
        #expect(error?.code == .missingFolder)
        #expect(error?.reason == "/nonexistent/ota-repo: the repository root does not exist; check the path")
        let folder = try TemporaryDirectory("root")
        defer { folder.remove() }
        let file = try folder.write("file", "x")
        let notAFolder = #expect(throws: PackagerError.self) {
            try ModuleDiscovery.discover(repositoryRoot: file, configuration: PackagerConfiguration())
        }
        #expect(notAFolder?.reason.hasPrefix("\(file.path): the repository root is a file, not a folder") == true)
    }

    @Test func previousManifestOfAnotherAppVersionIsAWarning() throws {
        let repo = try repo()
        let out = try TemporaryDirectory("out")
        defer { repo.remove(); out.remove() }
        let first = try package(repo, "1.0", into: out.url)
        // A file: URL is read like a path.
        let second = try package(repo, "1.1", into: out.url, previous: URL(string: first.manifestURL.absoluteString))
        #expect(second.warnings == [.previousOfOtherAppVersion(location: first.manifestURL.path, previousAppVersion: "1.0", appVersion: "1.1")])
        #expect(second.modules.map(\.changed) == [false])
        let same = try package(repo, "1.0", into: out.url, previous: first.manifestURL)
        #expect(same.warnings.isEmpty)
    }

    @Test func staleTemporariesOfDeadProcessesAreRemovedAndLiveOnesKept() throws {
        let repo = try repo()
        let out = try TemporaryDirectory("out")
        defer { repo.remove(); out.remove() }
        // A process that has ended: its pid names no process now (ESRCH from kill(pid, 0)).
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let dead = ended.processIdentifier
        #expect(kill(dead, 0) == -1 && errno == ESRCH)
        try out.write("1.0/.App-0123456789abcdef.zip.\(dead).tmp", "half a zip")
        try out.write("1.0/.manifest.json.\(dead).tmp", "{")
        try out.write("1.0/.manifest.json.1.tmp", "{")            // pid 1 runs (init): another run may own it
        try out.write("1.0/.notes.txt", "kept")                    // not a temporary file of ours

        let result = try package(repo, into: out.url)

        #expect(result.removedTemporaries == [".App-0123456789abcdef.zip.\(dead).tmp", ".manifest.json.\(dead).tmp"])
        let left = try FileManager.default.contentsOfDirectory(atPath: out.url.appendingPathComponent("1.0").path).sorted()
        let slices = try #require(result.manifest.modules[0].slices)
        let parts = left.filter { $0.hasPrefix("index-") && $0.hasSuffix(".json.gz") }
        #expect(parts.count == 2 + slices.localizations.count)
        #expect(left == ([".manifest.json.1.tmp", ".notes.txt", result.modules[0].path, slices.base.path, "manifest.json", "index.json"]
            + slices.localizations.values.map(\.path) + parts).sorted())
    }

    @Test func temporaryFileNamesAreRecognised() {
        #expect(TemporaryFiles.processIdentifier(inName: ".manifest.json.4242.tmp") == 4242)
        #expect(TemporaryFiles.processIdentifier(inName: ".App-0123.zip.7.tmp") == 7)
        for name in ["manifest.json.4242.tmp", ".manifest.json.tmp", ".manifest.json.x1.tmp", ".4242.tmp", ".a.0.tmp", ".a.-3.tmp"] {
            #expect(TemporaryFiles.processIdentifier(inName: name) == nil, "\(name)")
        }
    }

    @Test func aTableThatDoesNotParseIsTheOnlyFindingABaselineCannotTake() throws {
        let repo = try repo()
        let out = try TemporaryDirectory("out")
        defer { repo.remove(); out.remove() }
        try repo.write("App/fr.lproj/Localizable.strings", "\"a\" = \"B\"\n\"c\" = \"D\";\n")
        // validate reports it, and the recorded baseline leaves it out.
        let run = try Validator.validate(repositoryRoot: repo.url, configurationFile: nil, options: ValidationOptions())
        let parse = run.diagnostics.filter { $0.code == .parseError }
        #expect(parse.count == 1)
        #expect(parse[0].message.hasSuffix("Apple's runtime reads a table that does not parse as empty, so a published copy would show every key of it raw; this is why it cannot be baselined. Fix the place named; the rest of the file stays as it is."))
        #expect(ValidationBaseline(recording: run.diagnostics).findings.isEmpty)
    }
}
