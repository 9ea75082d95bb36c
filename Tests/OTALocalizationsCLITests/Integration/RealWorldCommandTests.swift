import Foundation
import OTATestSupport
import Testing
import OTALocalizationsTooling

/// `sync`, `delete` and `lookup` usage and messages, without a server.
@Suite struct RealWorldCommandTests {
    typealias H = SyncHarness

    @Test func usageErrorsExitWithStatus2AndOneLine() async throws {
        let cases: [([String], String)] = [
            (["sync", "--app-version", "1.0.0", "--into", "/tmp/x"], "error: missing --base-url <value>"),
            (["sync", "--base-url", "ftp://h/", "--app-version", "1.0.0", "--into", "/tmp/x"],
             "error: --base-url 'ftp://h/' is not an http or https URL"),
            (["sync", "--base-url", "http://h/", "--app-version", "../1", "--into", "/tmp/x"],
             "error: --app-version '../1' is not a plain file name"),
            (["sync", "--base-url", "http://h/", "--app-version", "1.0.0", "--into", "/tmp/x", "--timeout", "0"],
             "error: --timeout '0' is not a positive number of seconds"),
            (["delete"], "error: missing --into <value>"),
            (["lookup", "--into", "/tmp/x", "--app-version", "1.0.0", "--module", "A", "--localization", "de"],
             "error: missing --key <value>"),
            (["lookup", "--bogus"], "error: unknown option '--bogus'"),
        ]
        for (arguments, line) in cases {
            let result = try await H.cli(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "\(line)\nRun 'ota-localizations \(arguments[0]) --help' for usage.\n", "\(arguments)")
        }
    }

    @Test func helpDescribesEachCommand() async throws {
        for command in ["sync", "delete", "lookup"] {
            let result = try await H.cli([command, "--help"])
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("OVERVIEW: "))
            #expect(result.stdout.contains("USAGE: ota-localizations \(command) "))
            #expect(result.stdout.contains("EXIT STATUS: 0 "))
        }
        let list = try await H.cli(["--help"])
        for command in ["sync", "delete", "lookup"] { #expect(list.stdout.contains("\n  \(command) ")) }
    }

    @Test func deleteOfAMissingRootHasNothingToDo() async throws {
        let folder = try TemporaryDirectory("delete")
        defer { folder.remove() }
        let missing = folder.url.appendingPathComponent("none")
        let result = try await H.cli(["delete", "--into", missing.path])
        #expect(result.status == 0)
        #expect(result.stdout == "Nothing to delete: \(missing.path) does not exist.\n")
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    @Test func deleteEmptiesARootIncludingOtherVersionsAndHiddenFiles() async throws {
        let folder = try TemporaryDirectory("delete")
        defer { folder.remove() }
        try folder.write("1.0.0/modules/A/current", "x")
        try folder.write("0.9.0/state.json", "{}")
        try folder.write(".ota-localizations-root.json", "{}")
        let result = try await H.cli(["delete", "--into", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Deleted every bundle under \(folder.path) (kept, as the app's kill switch does: the install ID, the anti-rollback record, which marks what was installed as pulled, and any crash-loop quarantine).\n")
        #expect(H.entries(folder.url) == [])
    }

    @Test func lookupSaysWhatIsMissing() async throws {
        let folder = try TemporaryDirectory("lookup")
        defer { folder.remove() }
        let result = try await H.lookup(folder.url, module: "Checkout", localization: "de", key: "cart.title")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "error: module Checkout is not installed for app version 1.0.0 in \(folder.path) (it has no current pointer); check --module against 'ota-localizations status', or run 'ota-localizations sync'\n")
    }

    @Test func lookupNamesTheModuleNotItsStorageFolder() async throws {
        // Given: module Blockzilla installed in modules/%42lockzilla/ with only de.lproj.
        let folder = try TemporaryDirectory("lookup")
        defer { folder.remove() }
        let sha = String(repeating: "ab", count: 32)
        let module = H.moduleFolder(folder.url, "Blockzilla").path.dropFirst(folder.path.count + 1)
        try folder.write("\(module)/current", sha + "\n")
        try folder.write("\(module)/\(sha)/de.lproj/Localizable.strings", "\"a\" = \"A\";\n")

        let result = try await H.lookup(folder.url, module: "Blockzilla", localization: "fr", key: "a")

        #expect(module.hasSuffix("/%42lockzilla"))
        #expect(result.status == 1)
        #expect(result.stderr == "error: module Blockzilla has no fr.lproj in its installed bundle for app version 1.0.0; pass one it has: de\n")
    }

    @Test func syncAgainstNothingListeningExitsWith1AndAHumanSummary() async throws {
        let folder = try TemporaryDirectory("sync")
        defer { folder.remove() }
        let port = try LoopbackSocket.freePort()
        let result = try await H.cli(["sync", "--base-url", "http://127.0.0.1:\(port)/", "--app-version", "1.0.0",
                                "--into", folder.path])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[2].isEmpty)
        #expect(lines.first?.hasPrefix("Manifest: failed (manifest download failed: cannot-connect: ") == true)
        // The summary names the URL that was requested.
        #expect(lines.first?.hasSuffix("; GET http://127.0.0.1:\(port)/1.0.0/index.json), state not saved") == true)
        #expect(lines.dropFirst().first == "0 updated, 0 skipped, 0 failed, 0 removed, 0 bytes downloaded")
        // Nothing installed: only the lock and the failed cycle's report (docs/operations.md, "A QA snapshot").
        #expect(H.entries(folder.url) == [".ota-cycle-reports.json", ".ota-localizations.lock"])
    }
}
