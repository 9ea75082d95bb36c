import Foundation
import OTATestSupport
import Testing

/// `publish`, `promote`, `rollout` and `verify` say on stderr what they are doing, at a rate a CI log can hold, through
/// the built binary on a folder of 275 published files; stdout is the same with and without the progress lines.
@Suite struct ProgressLinesCommandTests {
    static let languages = ["en", "de", "fr", "es", "it", "ja", "ko", "nl", "pt", "sv"]
    static let moduleCount = 24

    /// The names in `folder` ending in `suffix`.
    private func names(_ folder: URL, _ suffix: String) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(suffix) })
    }

    private func cli(_ arguments: [String]) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
    }

    /// A repository of ``moduleCount`` modules in ``languages``, packaged as `out/1.0.0` (`channel`: that channel).
    private func packaged(_ temp: TemporaryDirectory, channel: String? = nil, revision: Int = 0) async throws -> URL {
        let package = temp.url.appendingPathComponent("repo/Packages/Features")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try Data("// swift-tools-version:5.9\nimport PackageDescription\n".utf8).write(to: package.appendingPathComponent("Package.swift"))
        for index in 1...Self.moduleCount {
            let name = "Feature\(index)"
            try Data("import Foundation\n".utf8).write(to: {
                let source = package.appendingPathComponent("Sources/\(name)/\(name).swift")
                try FileManager.default.createDirectory(at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
                return source
            }())
            for language in Self.languages {
                let lproj = package.appendingPathComponent("Sources/\(name)/Resources/\(language).lproj")
                try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
                try Data("\"title\" = \"\(name) \(language) \(revision)\";\n".utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
            }
        }
        let output = temp.url.appendingPathComponent("out")
        let result = try await cli(["package", temp.url.appendingPathComponent("repo").path, "--app-version", "1.0.0",
                                    "--output", output.path, "--quiet"] + (channel.map { ["--channel", $0] } ?? []))
        #expect(result.status == 0, "\(result.stderr)")
        return output.appendingPathComponent("1.0.0")
    }

    /// The counts of lines `<prefix><count> of <total> files…`, in order.
    private func counts(_ stderr: String, _ prefix: String, total: Int) -> [Int] {
        stderr.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix(prefix), line.hasSuffix(" of \(total) files…") else { return nil }
            return Int(line.dropFirst(prefix.count).prefix { $0 != " " })
        }
    }

    @Test func publishReportsUploadsInAFewLinesAndAFinalCount() async throws {
        let temp = try TemporaryDirectory("progress-publish")
        defer { temp.remove() }
        let source = try await packaged(temp)
        let contentAddressed = try names(source, ".zip").union(names(source, ".json.gz"))
        let total = contentAddressed.count
        #expect(total > 250, "enough files for several lines")
        let bytes = try contentAddressed.reduce(Int64(0)) {
            $0 + ((try FileManager.default.attributesOfItem(atPath: source.appendingPathComponent($1).path)[.size] as? NSNumber)?.int64Value ?? 0)
        }
        let www = temp.url.appendingPathComponent("www")
        let published = www.appendingPathComponent("1.0.0").path

        let result = try await cli(["publish", source.path, "--to", www.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let grouped = bytes.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
        #expect(lines.first == "upload \(total) files (\(grouped) bytes) to \(published)")
        // A line each time another 50 files are in (a tenth of 300 is fewer), never one per file.
        let progress = counts(result.stderr, "uploaded ", total: total)
        #expect(progress == Array(stride(from: 50, to: total, by: 50)), "\(result.stderr)")
        #expect(Array(lines.dropFirst(1 + progress.count)) == [
            "uploaded \(total) files", "check \(total) files at \(published)",
            "write \(published)/manifest.json (\(size(published, "manifest.json")) bytes)",
            "write \(published)/index.json (\(size(published, "index.json")) bytes)",
        ])

        // --quiet: nothing on stderr, and stdout is what it is without it.
        let again = try await packaged(temp, revision: 1)
        let quiet = try await cli(["publish", again.path, "--to", temp.url.appendingPathComponent("quiet").path, "--quiet", "--json"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        let loud = try await cli(["publish", again.path, "--to", temp.url.appendingPathComponent("loud").path, "--json"])
        #expect(loud.stderr.contains("uploaded \(total) files"))
        let object = try JSONSerialization.jsonObject(with: Data(loud.stdout.utf8)) as? [String: Any]
        #expect((object?["written"] as? [String])?.count == total + 2, "stdout is one JSON object, no progress")
    }

    private func size(_ folder: String, _ name: String) -> String {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? NSNumber)?.int64Value ?? -1
        return bytes.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
    }

    @Test func promoteRolloutAndVerifySayWhatTheyCheck() async throws {
        let temp = try TemporaryDirectory("progress-edit")
        defer { temp.remove() }
        let www = temp.url.appendingPathComponent("www")
        let folder = www.appendingPathComponent("1.0.0").path
        let staging = try await packaged(temp, channel: "staging")
        await #expect(try cli(["publish", staging.path, "--to", www.path, "--channel", "staging", "--quiet"]).status == 0)
        let total = try names(staging, ".zip").count
        let partsBefore = try names(www.appendingPathComponent("1.0.0"), ".json.gz")

        let promote = try await cli(["promote", folder, "--from", "staging", "--rollout", "10"])
        #expect(promote.status == 0, "\(promote.stderr)")
        let parts = try names(www.appendingPathComponent("1.0.0"), ".json.gz").subtracting(partsBefore).count
        #expect(parts > 0)
        #expect(promote.stderr == """
            read the manifests of \(folder)
            check \(total) files the new manifest lists (reading \(total) files for their SHA-256)
            upload \(parts) files of the published index to \(folder)
            write \(folder)/manifest.json
            write \(folder)/index.json

            """)
        let rollout = try await cli(["rollout", folder, "--percent", "50"])
        #expect(rollout.status == 0, "\(rollout.stderr)")
        #expect(rollout.stderr.hasPrefix("read the manifests of \(folder)\ncheck \(total) files the new manifest lists"), "\(rollout.stderr)")
        #expect(try await cli(["rollout", folder, "--finish", "--quiet"]).stderr.isEmpty)

        let verify = try await cli(["verify", folder])
        #expect(verify.status == 0, "\(verify.stdout)")
        let lines = verify.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "read \(total) files the manifest lists from \(folder)")
        let checked = counts(verify.stderr, "checked ", total: total)
        #expect(checked == Array(stride(from: 50, to: total, by: 50)), "\(verify.stderr)")
        #expect(lines.last == "checked \(total) files")
        #expect(lines.count == checked.count + 2)
        let quiet = try await cli(["verify", folder, "--quiet"])
        #expect(quiet.stderr.isEmpty && quiet.stdout == verify.stdout)
    }
}
