import Foundation
import OTATestSupport
import Testing

/// Runs the built `ota-localizations` binary on `Examples/SampleApp` and checks exact output and exit codes.
@Suite struct PackageCommandTests {
    static let example = TestPaths.packageRoot.appendingPathComponent("Examples/SampleApp")

    private func cli(_ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments, currentDirectory: folder, environment: environment)
    }

    @Test func packagesTheExampleWithTheExactSummary() async throws {
        let out = try TemporaryDirectory("cli")
        defer { out.remove() }

        let result = try await cli(["package", Self.example.path, "--app-version", "1.0.0", "--output", "ota",
                              "--published-at", "2026-07-24T10:00:00Z"], in: out.url)

        #expect(result.status == 0, "\(result.stderr)")
        let folder = out.url.appendingPathComponent("ota/1.0.0")
        // Hashes and sizes come from sha256sum and the file system, never from the code under test.
        let all = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".zip") }.sorted()
        // The full ZIPs are `<Module>-<16 hex>.zip`; each module also has a base slice and one slice per other
        // localization (6 each: ar, de, fr, fr-CA, pl, ru beside the development region en).
        let zips = all.filter { $0.split(separator: "-").count == 2 }
        #expect(zips.count == 4)
        #expect(all.count == 4 + 4 * 7)
        func line(_ name: String, _ localizations: Int, _ tables: Int, width: Int = 9) async throws -> String {
            let zip = try #require(zips.first { $0.hasPrefix(name + "-") })
            let url = folder.appendingPathComponent(zip)
            let hex = try await ExternalTool.sha256sum(url)
            #expect(zip == "\(name)-\(hex.prefix(16)).zip")
            let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
            let padded = name + String(repeating: " ", count: width - name.count)
            // The slices are the other ZIPs named after the module, counted on disk.
            let slices = all.filter { $0.hasPrefix(name + "-") }.count - 1
            return "  \(padded)  \(localizations) localizations, \(tables) tables, \(grouped(size)) bytes, sha256 \(hex.prefix(16)), \(slices) slices"
        }
        let expected = await [
            "Packaged 4 modules for app version 1.0.0:",
            try line("Checkout", 7, 21),
            try line("Profile", 7, 14),
            try line("SampleApp", 8, 8),
            try line("Search", 7, 7),
            "Skipped 10 files (not published):",
            "  Packages/Features/Sources/Checkout/Resources/fr.lproj/.DS_Store: not a text table (.strings or .stringsdict); only tables are published",
            "  Packages/Features/Sources/Search/Resources/fr.lproj/banner.png: not a text table (.strings or .stringsdict); only tables are published",
            // Sorted by UTF-8 bytes: "S" sorts before "a", and "-" before ".".
            "  SampleApp/Resources/Settings.bundle/en.lproj/Root.strings: inside the nested bundle Settings.bundle, which the app does not read its strings from",
            // The seven InfoPlist.strings files (ar, de, en, fr-CA, fr, pl, ru) share one reason: one line.
            "  7 InfoPlist.strings files in SampleApp/Resources/*.lproj: InfoPlist.strings is read by the system outside the app, so an over-the-air copy never takes effect",
            "Validation: no findings.",
            "Manifest: ota/1.0.0/manifest.json",
        ]
        #expect(result.stdout == expected.joined(separator: "\n") + "\n")
        #expect(result.stderr.split(separator: "\n").map(String.init) == [
            "[1/4] Checkout: 7 localizations, 21 tables, \(try size(folder, "Checkout")) bytes",
            "[2/4] Profile: 7 localizations, 14 tables, \(try size(folder, "Profile")) bytes",
            "[3/4] SampleApp: 8 localizations, 8 tables, \(try size(folder, "SampleApp")) bytes",
            "[4/4] Search: 7 localizations, 7 tables, \(try size(folder, "Search")) bytes",
        ])
    }

    @Test func jsonOutputHasTheDocumentedShape() async throws {
        let out = try TemporaryDirectory("cli")
        defer { out.remove() }
        let first = try await cli(["package", Self.example.path, "--app-version", "1.0.0", "--output", out.path, "--quiet",
                             "--published-at", "2026-07-24T10:00:00Z"])
        #expect(first.status == 0)
        #expect(first.stderr.isEmpty)
        let manifest = out.url.appendingPathComponent("1.0.0/manifest.json")
        let previous = out.url.appendingPathComponent("previous.json")
        try FileManager.default.copyItem(at: manifest, to: previous)

        let result = try await cli(["package", Self.example.path, "--app-version", "1.0.0", "--output", out.path, "--json",
                              "--quiet", "--previous", previous.path], environment: ["SOURCE_DATE_EPOCH": "1785000000"])

        #expect(result.status == 0)
        let summary = try await ExternalTool.python("""
            import sys, json, hashlib, os
            o = json.loads(sys.argv[1])
            assert sorted(o.keys()) == ["appVersion", "manifest", "modules", "skipped"], o.keys()
            folder = os.path.dirname(o["manifest"])
            for m in o["modules"]:
                assert sorted(m.keys()) == ["changed", "files", "name", "path", "sha256", "size"], m.keys()
                data = open(os.path.join(folder, m["path"]), "rb").read()
                assert hashlib.sha256(data).hexdigest() == m["sha256"] and len(data) == m["size"]
            for f in o["skipped"]:
                assert list(f.keys()) == ["path", "code", "reason"], f.keys()
            published = json.load(open(o["manifest"]))["publishedAt"]
            print(o["appVersion"], [(m["name"], m["files"], m["changed"]) for m in o["modules"]], len(o["skipped"]), published)
            print(sorted(set(f["code"] for f in o["skipped"] if "InfoPlist" in f["path"])))
            """, [result.stdout])
        #expect(summary == "1.0.0 [('Checkout', 21, False), ('Profile', 14, False), ('SampleApp', 8, False), ('Search', 7, False)] 10 2026-07-25T17:20:00Z\n['info-plist']\n")
    }

    @Test func usageErrorsExitWithTwo() async throws {
        await #expect(try cli([]).status == 2)
        await #expect(try cli(["publish"]).status == 2)
        let missing = try await cli(["package", Self.example.path, "--output", "/tmp/x"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("error: missing --app-version <value>\n"))
        await #expect(try cli(["package", Self.example.path, "--app-version", "1", "--output", "/tmp/x", "--zip"]).status == 2)
        await #expect(try cli(["package", "--app-version", "1", "--output", "/tmp/x"]).status == 2)
        await #expect(try cli(["package", Self.example.path, "--app-version", "../1", "--output", "/tmp/x"]).status == 2)
        await #expect(try cli(["modules"]).status == 2)
        let swallowed = try await cli(["package", Self.example.path, "--app-version", "1", "--output", "--quiet"])
        #expect(swallowed.status == 2)
        #expect(swallowed.stderr.hasPrefix("error: --output needs a value\n"))
        await #expect(try cli(["package", Self.example.path, "--app-version", "1", "--output", "/tmp/x", "--published-at", "soon"]).status == 2)
    }

    @Test func helpIsAvailableForEveryCommand() async throws {
        let top = try await cli(["--help"])
        #expect(top.status == 0)
        #expect(top.stdout.contains("package"))
        #expect(top.stdout.contains("modules"))
        for command in ["package", "modules"] {
            let help = try await cli([command, "--help"])
            #expect(help.status == 0)
            #expect(help.stdout.contains("USAGE: ota-localizations \(command)"))
        }
    }

    @Test func brokenTableExitsWithOneAndWritesNothing() async throws {
        let repo = try TemporaryDirectory("broken")
        defer { repo.remove() }
        try repo.write("App/en.lproj/Localizable.strings", "\"ok\" = \"fine\";\n\"bad\" = \"value\"\n")

        let result = try await cli(["package", repo.path, "--app-version", "1.0", "--output", repo.url.appendingPathComponent("out").path])

        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "error: 1 table does not parse; nothing was written. Fix each file below and run again.")
        #expect(lines.count == 2)
        #expect(lines.last == "App/en.lproj/Localizable.strings:2:16: expected ';' after the value of \"bad\", found end of file")
        #expect(!FileManager.default.fileExists(atPath: repo.url.appendingPathComponent("out").path))
    }

    @Test func modulesListsWhatWouldBePackaged() async throws {
        let result = try await cli(["modules", Self.example.path])
        #expect(result.status == 0)
        let head = result.stdout.split(separator: "\n").prefix(5).map(String.init)
        #expect(head == [
            // Examples/SampleApp/Packages/Features/Package.swift declares the target.
            "Checkout (SPM target: target Checkout of Packages/Features/Package.swift)",
            "  folders:        Packages/Features/Sources/Checkout/Resources",
            "  localizations:  ar, de, en, fr, fr-CA, pl, ru",
            "  tables:         Localizable.strings, Localizable.stringsdict, Payment.strings",
            "  files:          21",
        ])
        #expect(result.stdout.contains("\n4 modules, 50 tables.\nSkipped 10 files (not published):\n"))
    }

    @Test func usageMistakesNameTheRuleOrTheClosestOption() async throws {
        let out = try TemporaryDirectory("usage")
        defer { out.remove() }
        let version = try await cli(["package", Self.example.path, "--app-version", "v1.0", "--output", out.path])
        #expect(version.status == 2)
        #expect(version.stderr.hasPrefix("error: --app-version 'v1.0' is not a marketing version: CFBundleShortVersionString is one to three period-separated non-negative integers"))
        let option = try await cli(["package", Self.example.path, "--app-vesion", "1.0", "--output", out.path])
        #expect(option.status == 2)
        #expect(option.stderr == "error: unknown option '--app-vesion'; did you mean '--app-version'?\nRun 'ota-localizations package --help' for usage.\n")
        let file = try out.write("file", "x")
        let output = try await cli(["package", Self.example.path, "--app-version", "1.0", "--output", file.path])
        #expect(output.status == 1)
        #expect(output.stderr == "error: --output: \(file.path) is a file, so the folder \(file.path)/1.0 cannot be created inside it; give a folder (it is created when missing)\n")
        let json = try await cli(["package", "/nonexistent/ota-repo", "--app-version", "1.0", "--output", out.path, "--json"])
        #expect(json.status == 1)
        #expect(json.stdout == "{\"error\":{\"code\":\"missing-folder\",\"message\":\"/nonexistent/ota-repo: the repository root does not exist; check the path\"}}\n")
    }

    @Test func nameCollisionExitsWithOneNamingBothFolders() async throws {
        let repo = try TemporaryDirectory("collide")
        defer { repo.remove() }
        try repo.write("iOS/Widgets/en.lproj/Localizable.strings", "")
        try repo.write("macOS/Widgets/en.lproj/Localizable.strings", "")

        let result = try await cli(["modules", repo.path])

        #expect(result.status == 1)
        #expect(result.stderr == "error: two modules are named 'Widgets': 'iOS/Widgets' and 'macOS/Widgets'; name them in ota-localizations.json (\"modules\") or exclude one (\"excludes\"); or, when 'iOS' and 'macOS' are separate apps, package each one's folder on its own\n")
    }

    private func size(_ folder: URL, _ name: String) throws -> String {
        let zip = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first {
            $0.hasPrefix(name + "-") && $0.split(separator: "-").count == 2
        })
        let size = try #require(try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(zip).path)[.size] as? Int)
        return grouped(size)
    }

    private func grouped(_ value: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.locale = Locale(identifier: "en_US")
        return formatter.string(from: NSNumber(value: value)) ?? "\(value)"
    }
}
