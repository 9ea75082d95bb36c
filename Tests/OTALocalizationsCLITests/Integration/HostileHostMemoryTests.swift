import Foundation
import OTATestSupport
import Testing

/// The built CLI against a host that answers with bodies far over every limit: a gzip bomb (261 KB on the wire,
/// 256 MiB decoded) served as `index.json`, as a keyed device's `index.dsse.json`, as an index part, and to
/// `verify`; a chunked 256 MiB `index.json` without `Content-Length`. Each request fails with `body-too-large`
/// (URLSessionTransport, the transport the app uses), and the process's own peak resident memory, read from
/// `wait4`'s `rusage`, stays near what it needs anyway: before the limits held on the bytes as they arrive, each of
/// these runs peaked at 550 to 575 MiB.
@Suite(.serialized) struct HostileHostMemoryTests {
    /// The most a run may take: the largest body limit (6 MiB, `ManifestEnvelope.maximumBytes`) plus what the
    /// process needs anyway (about 35 MiB for a `sync` of nothing), with room for a busy machine's allocator.
    static let maximumPeakBytes = 96 << 20
    static let bomb = HostileHTTPServer.Answer.gzipBomb(decodedBytes: 256 << 20)
    /// A trusted key no publish was signed with: the device reads `index.dsse.json` and nothing else.
    static let trustedKey = Data(repeating: 7, count: 32).base64EncodedString()

    private func sync(_ server: HostileHTTPServer, extra: [String] = []) async throws -> (MeasuredRun.Result, [String: Any]) {
        let storage = try TemporaryDirectory("hostile-root")
        defer { storage.remove() }
        let run = try await MeasuredRun.run(TestPaths.cliExecutable.path, [
            "sync", "--base-url", server.url(""), "--app-version", "1.0", "--into", storage.path, "--json",
        ] + extra)
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
        return (run, report)
    }

    @Test(arguments: [
        ("/1.0/index.json", [String](), bomb, 4_194_304),
        ("/1.0/index.dsse.json", ["--trusted-key", trustedKey], bomb, 6_291_456),
        ("/1.0/index.json", [], HostileHTTPServer.Answer.chunked(bytes: 256 << 20), 4_194_304),
    ])
    func aRootFarOverItsLimitFailsWithoutHoldingIt(
        path: String, extra: [String], answer: HostileHTTPServer.Answer, limit: Int
    ) async throws {
        let empty = try TemporaryDirectory("hostile-site")
        defer { empty.remove() }
        let server = try await HostileHTTPServer.start(root: empty.url, answers: [path: answer])
        defer { server.stop() }

        let (run, report) = try await sync(server, extra: extra)

        #expect(run.status == 1, "\(run.stderr)")
        #expect(report["manifest"] as? String == "failed")
        #expect(report["errorCode"] as? String == "transport")
        #expect((report["error"] as? String)?.hasPrefix("manifest download failed: body-too-large: ") == true, "\(report)")
        #expect((report["error"] as? String)?.contains("\(limit) bytes") == true, "\(report)")
        #expect(run.peakResidentBytes < Self.maximumPeakBytes, "peak \(run.peakResidentMiB) MiB")
    }

    @Test func anIndexPartThatIsAGzipBombFailsWithoutHoldingIt() async throws {
        let repository = try TemporaryDirectory("hostile-part-repo")
        let site = try TemporaryDirectory("hostile-part-site")
        defer { repository.remove(); site.remove() }
        try DiffCommandTests.writePublished(repository)
        let packaged = try await ExternalTool.run(TestPaths.cliExecutable.path, [
            "package", repository.path, "--app-version", "1.0", "--output", site.path, "--quiet",
        ])
        try #require(packaged.status == 0, "\(packaged.stderr)")
        // Every part the root names (read with Python's json) answers with the bomb.
        let partPaths = try await ExternalTool.python("""
            import json, sys
            parts = json.load(open(sys.argv[1]))["parts"]
            named = [parts["base"], parts["full"]] + list(parts["localizations"].values())
            print("\\n".join(sorted({part["path"] for part in named})))
            """, [site.url.appendingPathComponent("1.0/index.json").path]).split(separator: "\n")
        try #require(!partPaths.isEmpty)
        let server = try await HostileHTTPServer.start(
            root: site.url, answers: Dictionary(uniqueKeysWithValues: partPaths.map { ("/1.0/\($0)", Self.bomb) }))
        defer { server.stop() }

        let (run, report) = try await sync(server)

        #expect(run.status == 1, "\(run.stderr)")
        #expect(report["manifest"] as? String == "failed")
        #expect(report["errorCode"] as? String == "transport")
        #expect((report["error"] as? String)?.contains("body-too-large") == true, "\(report)")
        #expect(run.peakResidentBytes < Self.maximumPeakBytes, "peak \(run.peakResidentMiB) MiB")
    }

    @Test func verifyOfAURLServingGzipBombsFailsWithoutHoldingThem() async throws {
        let empty = try TemporaryDirectory("hostile-verify")
        defer { empty.remove() }
        let server = try await HostileHTTPServer.start(
            root: empty.url, answers: ["/1.0/index.json": Self.bomb, "/1.0/manifest.json": Self.bomb])
        defer { server.stop() }

        let run = try await MeasuredRun.run(TestPaths.cliExecutable.path, ["verify", server.url("/1.0")])

        #expect(run.status == 1)
        let failures = run.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(failures.count == 2, "\(run.stdout)")
        #expect(failures.allSatisfy { $0.contains("body-too-large") }, "\(run.stdout)")
        #expect(run.peakResidentBytes < Self.maximumPeakBytes, "peak \(run.peakResidentMiB) MiB")
    }

    /// A host that trickles a byte every 5 s never trips the 30 s idle timeout: each of verify's GETs ends at its
    /// deadline (`--request-deadline`, the service's 120 s by default), so verify ends in bounded time.
    @Test func verifyOfATricklingHostEndsAtTheRequestDeadline() async throws {
        let empty = try TemporaryDirectory("hostile-verify-trickle")
        defer { empty.remove() }
        let server = try await HostileHTTPServer.start(root: empty.url, answers: [
            "/1.0/index.json": .trickle(secondsPerByte: 5), "/1.0/manifest.json": .trickle(secondsPerByte: 5),
        ])
        defer { server.stop() }

        let run = try await MeasuredRun.run(
            TestPaths.cliExecutable.path, ["verify", server.url("/1.0"), "--request-deadline", "2"], killAfterSeconds: 90)

        #expect(!run.killed && run.status == 1, "\(run.stdout)\(run.stderr)")
        let failures = run.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(failures.count == 2, "\(run.stdout)")
        // The first GET ends at its deadline; the host is not asked again, so no other GET waits for one.
        #expect(failures.filter { $0.contains("timed-out: no whole response within 2 s (--request-deadline)") }.count == 1,
                "\(run.stdout)")
        #expect(failures.filter { $0.contains("not asked: GET") && $0.contains("ran past --request-deadline") }.count == 1,
                "\(run.stdout)")
        #expect(run.seconds >= 2 && run.seconds < 20, "one GET of 2 s: \(run.seconds) s")
    }

    /// A redirect whose body never ends holds FoundationNetworking's session queue for ever (it reads a redirect's body
    /// whole, docs/apple-platform.md X9): the GET still ends at its deadline, its cancellation never holds the caller,
    /// and the host is not asked again, so verify ends in bounded time.
    @Test func verifyOfAHostWithAnEndlessRedirectEndsAtTheRequestDeadline() async throws {
        let empty = try TemporaryDirectory("hostile-verify-redirect")
        defer { empty.remove() }
        let server = try await HostileHTTPServer.start(root: empty.url, answers: ["/1.0/index.json": .endlessRedirect])
        defer { server.stop() }

        let run = try await MeasuredRun.run(
            TestPaths.cliExecutable.path, ["verify", server.url("/1.0"), "--request-deadline", "3"], killAfterSeconds: 90)

        #expect(!run.killed && run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("GET \(server.url("/1.0/index.json")): timed-out: no whole response within 3 s (--request-deadline)"),
                "\(run.stdout)")
        #expect(run.seconds >= 3 && run.seconds < 30, "\(run.seconds) s")
    }
}
