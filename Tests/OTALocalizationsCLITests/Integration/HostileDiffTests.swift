import Foundation
import OTATestSupport
import Testing

/// `diff <URL> <repository>`, the command a CI job runs to post a diff, against a published side that a hostile
/// bucket or host controls: it ends in bounded time and memory whatever the host sends. Time and peak resident
/// memory are the process's own (`wait4`'s `rusage`, ``MeasuredRun``). Before the limits, a host trickling a byte
/// every 5 s kept it running past 150 s, a 256 MiB `manifest.json` took 551 MiB and two modules of tiny keys
/// 4.4 GiB and 144 s.
@Suite(.serialized) struct HostileDiffTests {
    private func repository() throws -> TemporaryDirectory {
        let repo = try TemporaryDirectory("hostile-diff-new")
        try DiffCommandTests.writeNew(repo)
        return repo
    }

    @Test func aHostThatTricklesEndsAtTheDeadline() async throws {
        let (site, repo) = (try TemporaryDirectory("hostile-diff-trickle"), try repository())
        defer { site.remove(); repo.remove() }
        let server = try await HostileHTTPServer.start(
            root: site.url, answers: ["/1.0/manifest.json": .trickle(secondsPerByte: 5)])
        defer { server.stop() }

        let run = try await MeasuredRun.run(
            TestPaths.cliExecutable.path, ["diff", server.url("/1.0"), repo.path, "--deadline", "3"], killAfterSeconds: 60)

        #expect(!run.killed && run.status == 1, "\(run.stderr)")
        #expect(run.stderr == "error: <published>: cannot read the manifest: \(server.url("/1.0/manifest.json")): "
            + "timed-out: the reading took longer than 3 s (maximumSeconds)\n")
        // Ended by the deadline: not before it, and long before the 30 s idle timeout could have.
        #expect(run.seconds >= 3 && run.seconds < 20, "\(run.seconds) s")
    }

    /// A redirect whose body never ends, which FoundationNetworking reads whole: diff still ends at its deadline.
    @Test func anEndlessRedirectEndsAtTheDeadline() async throws {
        let (site, repo) = (try TemporaryDirectory("hostile-diff-redirect"), try repository())
        defer { site.remove(); repo.remove() }
        let server = try await HostileHTTPServer.start(root: site.url, answers: ["/1.0/manifest.json": .endlessRedirect])
        defer { server.stop() }

        let run = try await MeasuredRun.run(
            TestPaths.cliExecutable.path, ["diff", server.url("/1.0"), repo.path, "--deadline", "3"], killAfterSeconds: 60)

        #expect(!run.killed && run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("took longer than 3 s"), "\(run.stderr)")
        #expect(run.seconds >= 3 && run.seconds < 20, "\(run.seconds) s")
    }

    /// A binary property list names one 40 KB value from 100,000 keys (Python's `plistlib` stores it once): a 650 KB
    /// ZIP that is 4 GB of text. The text is counted as parsed, against `maximumUncompressedBytes`, before anything is
    /// compared or printed. Before, diff reached 4 GB and was still running after 4 minutes.
    @Test func sharedValuesCountAsTheTextTheyExpandTo() async throws {
        let (site, repo) = (try TemporaryDirectory("hostile-diff-shared"), try repository())
        defer { site.remove(); repo.remove() }
        _ = try await ExternalTool.python("""
            import hashlib, io, json, os, plistlib, sys, zipfile
            folder = sys.argv[1]
            os.makedirs(folder)
            value = "x" * 40000
            table = plistlib.dumps({"k%d" % i: value for i in range(100000)}, fmt=plistlib.FMT_BINARY, sort_keys=False)
            buffer = io.BytesIO()
            with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
                archive.writestr("Info.plist", '<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>'
                    '<key>CFBundleDevelopmentRegion</key><string>en</string></dict></plist>')
                archive.writestr("en.lproj/Localizable.strings", table)
            data = buffer.getvalue()
            digest = hashlib.sha256(data).hexdigest()
            path = "Checkout-%s.zip" % digest[:16]
            open(os.path.join(folder, path), "wb").write(data)
            json.dump({"formatVersion": 1, "appVersion": "1.0", "publishedAt": "2026-01-01T00:00:00Z",
                       "developmentRegion": "en", "modules": [{"name": "Checkout", "path": path, "sha256": digest,
                       "size": len(data), "localizations": ["en"]}]}, open(os.path.join(folder, "manifest.json"), "w"))
            """, [site.url.appendingPathComponent("1.0").path])

        let run = try await MeasuredRun.run(
            TestPaths.cliExecutable.path, ["diff", site.url.appendingPathComponent("1.0").path, repo.path], killAfterSeconds: 120)

        #expect(!run.killed && run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("bytes of text (maximumUncompressedBytes)"), "\(run.stderr)")
        #expect(run.peakResidentBytes < 256 << 20, "peak \(run.peakResidentMiB) MiB")
        #expect(run.seconds < 30, "\(run.seconds) s")
    }

    @Test func aManifestFarOverItsLimitIsRefusedAsItArrives() async throws {
        let (site, repo) = (try TemporaryDirectory("hostile-diff-long"), try repository())
        defer { site.remove(); repo.remove() }
        let server = try await HostileHTTPServer.start(root: site.url, answers: [
            "/1.0/manifest.json": .long(bytes: 256 << 20), "/2.0/manifest.json": .chunked(bytes: 256 << 20),
        ])
        defer { server.stop() }

        for version in ["1.0", "2.0"] {
            let run = try await MeasuredRun.run(TestPaths.cliExecutable.path, ["diff", server.url("/" + version), repo.path])

            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr.hasPrefix("error: <published>: cannot read the manifest: \(server.url("/\(version)/manifest.json")): body-too-large: "),
                    "\(run.stderr)")
            #expect(run.peakResidentBytes < 96 << 20, "peak \(run.peakResidentMiB) MiB")
            #expect(run.seconds < 20, "\(run.seconds) s")
        }
    }

    /// Two modules whose ZIPs (about 10 MB each, made by Python's `zipfile`) hold 16 tables of 4 MiB each of keys as
    /// short as `"k1"="v";`: each within a device's per-module limits, but 9.2 million keys in all.
    @Test func publishedTablesOverTheKeyLimitAreRefusedWhileRead() async throws {
        let (site, repo) = (try TemporaryDirectory("hostile-diff-keys"), try repository())
        defer { site.remove(); repo.remove() }
        _ = try await ExternalTool.python("""
            import hashlib, io, json, os, sys, zipfile
            folder = sys.argv[1]
            os.makedirs(folder)
            lines, size, i = [], 0, 0
            while size < 4_190_000:
                line = '"k%d"="v";\\n' % i
                lines.append(line); size += len(line); i += 1
            table = "".join(lines)
            modules = []
            for name in ("Big0", "Big1"):
                buffer = io.BytesIO()
                with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
                    archive.writestr("Info.plist", '<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>'
                        '<key>CFBundleDevelopmentRegion</key><string>en</string></dict></plist>')
                    for t in range(16):
                        archive.writestr("en.lproj/T%d.strings" % t, table)
                data = buffer.getvalue()
                digest = hashlib.sha256(data).hexdigest()
                path = "%s-%s.zip" % (name, digest[:16])
                open(os.path.join(folder, path), "wb").write(data)
                modules.append({"name": name, "path": path, "sha256": digest, "size": len(data), "localizations": ["en"]})
            json.dump({"formatVersion": 1, "appVersion": "1.0", "publishedAt": "2026-01-01T00:00:00Z",
                       "developmentRegion": "en", "modules": modules}, open(os.path.join(folder, "manifest.json"), "w"))
            """, [site.url.appendingPathComponent("1.0").path])
        let server = try await HostileHTTPServer.start(root: site.url, answers: [:])
        defer { server.stop() }

        let run = try await MeasuredRun.run(TestPaths.cliExecutable.path, ["diff", server.url("/1.0"), repo.path])

        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr == "error: <published>: the published tables hold more than 500000 keys (maximumKeys)\n")
        #expect(run.peakResidentBytes < 256 << 20, "peak \(run.peakResidentMiB) MiB")
        #expect(run.seconds < 60, "\(run.seconds) s")
    }
}
