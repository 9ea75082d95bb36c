import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing

/// Whether the suite's built `ota-localizations` starts with the ELF magic number (System V ABI, ELF header).
private func builtToolIsELF() -> Bool {
    (try? FileHandle(forReadingFrom: TestPaths.cliExecutable).read(upToCount: 4)) == Data([0x7F, 0x45, 0x4C, 0x46])
}

/// `Scripts/artifact-bundle` with the suite's built `ota-localizations` as the Linux binary: the SwiftPM artifact
/// bundle it zips (info.json of schema 1.0, read by Python's `json` and `zipfile`), the checksum SwiftPM computes and
/// `sha256sum` agrees with, and the bundled binary printing the release. Linux only: the script takes an ELF binary.
@Suite(.enabled(if: builtToolIsELF(), "the script bundles an ELF binary as the Linux variant"))
struct ArtifactBundleScriptTests {
    private static let script = TestPaths.packageRoot.appendingPathComponent("Scripts/artifact-bundle").path

    /// The machine's architecture as `uname -m` prints it, which names the Linux variant and its triple.
    private func machine() async throws -> String {
        try await ExternalTool.run("uname", ["-m"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func zipsAnArtifactBundleOfTheLinuxBinaryWithItsChecksum() async throws {
        let output = try TemporaryDirectory("artifact-bundle")
        defer { output.remove() }

        let result = try await ExternalTool.run(
            Self.script, ["--linux-binary", TestPaths.cliExecutable.path, "--output", output.path])

        #expect(result.status == 0, "\(result.stderr)")
        let zip = output.url.appendingPathComponent("ota-localizations.artifactbundle.zip")
        // The checksum: printed, written beside the zip, SwiftPM's own, and the zip's SHA-256.
        let swiftPM = try await ExternalTool.run("swift", ["package", "compute-checksum", zip.path], currentDirectory: output.url)
        #expect(swiftPM.status == 0)
        let checksum = swiftPM.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(checksum.count == 64)
        #expect(result.stdout == checksum + "\n")
        #expect(try String(contentsOf: zip.appendingPathExtension("checksum"), encoding: .utf8) == checksum + "\n")
        #expect(try await ExternalTool.sha256sum(zip) == checksum)

        // info.json inside the zip, as Python reads it, and the zip's entries.
        let arch = try await machine()
        let binaryPath = "ota-localizations-linux-\(arch)/bin/ota-localizations"
        let read = try await ExternalTool.python("""
            import json, sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as archive:
                names = sorted(n for n in archive.namelist() if not n.endswith("/"))
                info = json.loads(archive.read("ota-localizations.artifactbundle/info.json"))
                mode = archive.getinfo("ota-localizations.artifactbundle/" + sys.argv[2]).external_attr >> 16
            print(json.dumps({"names": names, "info": info, "executable": bool(mode & 0o111)}))
            """, [zip.path, binaryPath])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(read.utf8)) as? [String: Any])
        #expect(parsed["names"] as? [String] == [
            "ota-localizations.artifactbundle/LICENSE",
            "ota-localizations.artifactbundle/info.json",
            "ota-localizations.artifactbundle/\(binaryPath)",
        ])
        #expect(parsed["executable"] as? Bool == true)
        let info = try #require(parsed["info"] as? [String: Any])
        #expect(info["schemaVersion"] as? String == "1.0")
        let artifacts = try #require(info["artifacts"] as? [String: Any])
        #expect(Array(artifacts.keys) == ["ota-localizations"])
        let artifact = try #require(artifacts["ota-localizations"] as? [String: Any])
        #expect(artifact["type"] as? String == "executable")
        #expect(artifact["version"] as? String == OTALocalizationsVersion.current)
        let variants = try #require(artifact["variants"] as? [[String: Any]])
        #expect(variants.count == 1)
        #expect(variants.first?["path"] as? String == binaryPath)
        #expect(variants.first?["supportedTriples"] as? [String] == ["\(arch)-unknown-linux-gnu"])

        // The binary unzipped from the archive runs and prints the release.
        let unpacked = try TemporaryDirectory("artifact-bundle-unzip")
        defer { unpacked.remove() }
        #expect(try await ExternalTool.run("unzip", ["-q", zip.path, "-d", unpacked.path]).status == 0)
        let tool = unpacked.url.appendingPathComponent("ota-localizations.artifactbundle/\(binaryPath)")
        let version = try await ExternalTool.run(tool.path, ["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == OTALocalizationsVersion.current + "\n")
    }

    @Test func refusesABinaryOfAnotherVersionOrAMacOSBinaryThatIsNotUniversal() async throws {
        let folder = try TemporaryDirectory("artifact-bundle-refusals")
        defer { folder.remove() }
        let stale = try folder.write("stale/ota-localizations", "#!/bin/sh\necho 0.0.9\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stale.path)

        let wrongVersion = try await ExternalTool.run(
            Self.script, ["--linux-binary", stale.path, "--output", folder.url.appendingPathComponent("out").path])
        let thin = try await ExternalTool.run(
            Self.script,
            ["--linux-binary", TestPaths.cliExecutable.path, "--macos-binary", stale.path,
             "--output", folder.url.appendingPathComponent("out").path])

        #expect(wrongVersion.status == 1)
        #expect(wrongVersion.stderr.contains(
            "prints version '0.0.9', CHANGELOG.md's latest heading is '\(OTALocalizationsVersion.current)'"))
        #expect(thin.status == 1)
        #expect(thin.stderr == "artifact-bundle: \(stale.path): not a Mach-O universal binary (build it with --arch arm64 --arch x86_64)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out/ota-localizations.artifactbundle.zip").path))
    }
}
