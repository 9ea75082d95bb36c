import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing
import OTALocalizationsTooling

/// What the integration tests share: the built CLI, a publishable copy of the example app, storage-root
/// snapshots and independent checks of installed bundles (`sha256sum`, `unzip`, Python's `plistlib`).
enum SyncHarness {
    static let appVersion = "1.0.0"

    /// Runs the built `ota-localizations` with `arguments`.
    static func cli(_ arguments: [String]) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
    }

    /// `sync --json` into `root` from `base`; returns the result and the decoded report object.
    static func sync(_ base: String, into root: URL, timeout: String? = nil, appVersion: String = appVersion,
                     extraArguments: [String] = []) async throws -> (result: ToolResult, report: [String: Any]) {
        var arguments = ["sync", "--base-url", base, "--app-version", appVersion, "--into", root.path, "--json"]
        if let timeout { arguments += ["--timeout", timeout] }
        arguments += extraArguments
        let result = try await cli(arguments)
        let object = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (result, object ?? [:])
    }

    /// `lookup` of one key.
    static func lookup(_ root: URL, module: String, localization: String, key: String, table: String = "Localizable",
                       appVersion: String = appVersion) async throws -> ToolResult {
        try await cli(["lookup", "--into", root.path, "--app-version", appVersion, "--module", module,
                 "--localization", localization, "--key", key, "--table", table])
    }

    /// The modules of a report: name to (outcome, bytes, reason).
    static func modules(_ report: [String: Any]) -> [String: (outcome: String, bytes: Int, reason: String?)] {
        var result: [String: (String, Int, String?)] = [:]
        for case let module as [String: Any] in report["modules"] as? [Any] ?? [] {
            guard let name = module["name"] as? String else { continue }
            result[name] = (module["outcome"] as? String ?? "", module["bytes"] as? Int ?? -1, module["reason"] as? String)
        }
        return result
    }

    // MARK: Publishing

    /// A writable copy of a source repository and the packager's output folder for it; removed on `deinit`.
    final class Publication {
        let folder: TemporaryDirectory
        var source: URL { folder.url.appendingPathComponent("source", isDirectory: true) }
        var output: URL { folder.url.appendingPathComponent("published", isDirectory: true) }
        var versionFolder: URL { output.appendingPathComponent(SyncHarness.appVersion, isDirectory: true) }

        /// Copies `repository` (default: Examples/SampleApp).
        init(copying repository: URL = TestPaths.packageRoot.appendingPathComponent("Examples/SampleApp")) throws {
            folder = try TemporaryDirectory("publish")
            try FileManager.default.copyItem(at: repository, to: source)
        }

        deinit {
            folder.remove()
        }

        /// Runs `ota-localizations package` into ``output`` and returns the manifest's modules; earlier ZIPs stay
        /// (they are immutable and content-addressed), the manifest is replaced.
        @discardableResult
        func package(publishedAt: String) async throws -> [PublishedModule] {
            let result = try await SyncHarness.cli(["package", source.path, "--app-version", SyncHarness.appVersion,
                                              "--output", output.path, "--published-at", publishedAt, "--quiet"])
            guard result.status == 0 else { throw ToolFailureText("package failed: \(result.stderr)") }
            return try modules()
        }

        /// The published manifest's modules, read with JSONSerialization.
        func modules() throws -> [PublishedModule] {
            let data = try Data(contentsOf: versionFolder.appendingPathComponent("manifest.json"))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            return (object["modules"] as? [[String: Any]] ?? []).compactMap { entry in
                guard let name = entry["name"] as? String, let path = entry["path"] as? String,
                      let sha256 = entry["sha256"] as? String else { return nil }
                return PublishedModule(name: name, path: path, sha256: sha256)
            }
        }

        /// Every ZIP the published manifest lists, in the order `publish` uploads them: per module its full ZIP,
        /// its base slice, then its localization slices by name (docs/design.md, "Slices").
        func files() throws -> [String] {
            let data = try Data(contentsOf: versionFolder.appendingPathComponent("manifest.json"))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            return (object["modules"] as? [[String: Any]] ?? []).flatMap { entry -> [String] in
                let slices = entry["slices"] as? [String: Any]
                let base = (slices?["base"] as? [String: Any])?["path"] as? String
                let named = (slices?["localizations"] as? [String: [String: Any]] ?? [:]).sorted { $0.key < $1.key }
                    .compactMap { $0.value["path"] as? String }
                return [entry["path"] as? String].compactMap { $0 } + [base].compactMap { $0 } + named
            }
        }

        /// Rewrites the published manifest of `channel` (default production) with `change` applied, and the published
        /// index beside it (`index.json` and its parts, built from it as `package` builds them), as a publish would
        /// carry them; other files stay. Returns the new manifest.
        @discardableResult
        func rewrite(channel: String? = nil, _ change: (inout Manifest) -> Void) throws -> Manifest {
            let file = versionFolder.appendingPathComponent(ManifestChannel.manifestFileName(channel: channel))
            var manifest = try Manifest(bytes: Data(contentsOf: file))
            change(&manifest)
            try write(manifest)
            return manifest
        }

        /// Writes `manifest` as its channel's `manifest.json` and the published index built from it.
        func write(_ manifest: Manifest) throws {
            try manifest.encoded().write(to: versionFolder.appendingPathComponent(ManifestChannel.manifestFileName(channel: manifest.channel)))
            let built = try ManifestIndex.build(from: manifest)
            for part in built.files { try part.bytes.write(to: versionFolder.appendingPathComponent(part.name)) }
            try built.index.encoded().write(to: versionFolder.appendingPathComponent(ManifestChannel.indexFileName(channel: manifest.channel)))
        }

        /// Replaces `old` by `new` in one source file (UTF-8).
        func edit(_ relativePath: String, replacing old: String, with new: String) throws {
            let file = source.appendingPathComponent(relativePath)
            let text = try String(contentsOf: file, encoding: .utf8)
            guard text.contains(old) else { throw ToolFailureText("\(relativePath) does not contain \(old)") }
            try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
        }
    }

    /// An nginx, a copy of the example app to publish from, and an empty storage root; call ``remove()`` at the end.
    struct ExampleSite {
        let server: NginxServer
        let publication: Publication
        let storage: TemporaryDirectory

        init(slowBytesPerSecond: Int = 1024) throws {
            server = try NginxServer(slowBytesPerSecond: slowBytesPerSecond)
            publication = try Publication()
            storage = try TemporaryDirectory("root")
        }

        /// Packages the example as it is now and publishes the output on the server.
        @discardableResult
        func publish(at publishedAt: String) async throws -> [PublishedModule] {
            let modules = try await publication.package(publishedAt: publishedAt)
            try server.publish(publication.output)
            return modules
        }

        func remove() {
            storage.remove()
            server.stop()
        }
    }

    struct PublishedModule: Equatable {
        var name: String
        var path: String
        var sha256: String
    }

    // MARK: Storage root

    /// Every entry under `root` (relative path to file bytes, `dir` or `link:<target>`), except the lock file,
    /// whose holder line changes with every process that takes the lock.
    static func snapshot(_ root: URL) -> [String: String] {
        var result: [String: String] = [:]
        let fileManager = FileManager.default
        guard let enumerator = fileManager.enumerator(atPath: root.path) else { return [:] }
        while let relative = enumerator.nextObject() as? String {
            // The lock, and the last cycles' reports kept for the QA snapshot (written after failed cycles too; no state).
            if relative == ".ota-localizations.lock" || relative == ".ota-cycle-reports.json" { continue }
            let path = root.appendingPathComponent(relative).path
            if let target = try? fileManager.destinationOfSymbolicLink(atPath: path) {
                result[relative] = "link:" + target
                continue
            }
            var isDirectory: ObjCBool = false
            _ = fileManager.fileExists(atPath: path, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                result[relative] = "dir"
            } else {
                result[relative] = (fileManager.contents(atPath: path) ?? Data()).base64EncodedString()
            }
        }
        return result
    }

    /// Names of the entries directly under `folder` (empty when it does not exist).
    static func entries(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// `<root>/<appVersion>/modules/<storage name of module>` (docs/operations.md, "Storage on the device").
    static func moduleFolder(_ root: URL, _ module: String, appVersion: String = appVersion) -> URL {
        root.appendingPathComponent("\(appVersion)/modules/\(InstalledLayout.storageName(module))", isDirectory: true)
    }

    /// What an installed folder must hold for the files of `extracted` (an unzipped ZIP): those files byte for byte
    /// (the packager's `Info.plist` is already the canonical one the client writes) and their seal, written by
    /// Python (`InstalledLayout.seal`). `snapshot` shape.
    static func expectedInstall(of extracted: URL) throws -> [String: String] {
        var expected = snapshot(extracted)
        var files: [String: Data] = [:]
        for (path, value) in expected where value != "dir" { files[path] = Data(base64Encoded: value) }
        expected[InstalledLayout.sealFileName] = try InstalledLayout.seal(files).base64EncodedString()
        return expected
    }

    /// Checks, with `sha256sum` and `unzip`, that each module's `current` names its published ZIP's SHA-256 and
    /// that the folder it names holds exactly that ZIP's entries, byte for byte, and their seal.
    static func expectInstalled(
        _ modules: [PublishedModule], from zipFolder: URL, into root: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for module in modules {
            let zip = zipFolder.appendingPathComponent(module.path)
            let digest = try await ExternalTool.sha256sum(zip)
            #expect(digest == module.sha256, "\(module.name)", sourceLocation: sourceLocation)
            let pointer = moduleFolder(root, module.name).appendingPathComponent("current")
            let named = String(decoding: (FileManager.default.contents(atPath: pointer.path) ?? Data()), as: UTF8.self)
            #expect(named == digest + "\n", "\(module.name)/current", sourceLocation: sourceLocation)
            let extracted = try await unzipped(zip)
            defer { extracted.remove() }
            let installed = snapshot(moduleFolder(root, module.name).appendingPathComponent(digest))
            let expected = try expectedInstall(of: extracted.url)
            #expect(!installed.isEmpty && installed == expected, "\(module.name) files", sourceLocation: sourceLocation)
        }
    }

    /// `unzip -q <zip> -d <fresh folder>`.
    static func unzipped(_ zip: URL) async throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory("unzip")
        let result = try await ExternalTool.run("unzip", ["-q", zip.path, "-d", folder.path])
        guard result.status == 0 else { throw ToolFailureText("unzip failed: \(result.stderr)") }
        return folder
    }

    /// Keys and values sampled from an extracted bundle by Python, independently of this package's parsers.
    ///
    /// For each `<loc>.lproj/<table>.strings`: lines of the form `"key" = "value";` without escapes (block
    /// comments removed first; keys defined twice skipped), or a property-list `.strings` read with plistlib. For
    /// each `.stringsdict`: plistlib's `NSStringLocalizedFormatKey` (or a plain string value); a `.stringsdict`
    /// key overrides the `.strings` one (docs/apple-platform.md P2). At most `perTable` keys per table.
    static func sampledValues(bundle: URL, perTable: Int = 3, localizations: Int = 1000) async throws -> [Sample] {
        let script = #"""
        import json, os, plistlib, re, sys
        root, per, maxloc = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
        simple = re.compile(r'^\s*"([^"\\]*)"\s*=\s*"([^"\\]*)"\s*;\s*$')
        anykey = re.compile(r'^\s*"([^"\\]*)"\s*=')
        def strings(path):
            data = open(path, 'rb').read()
            if data.startswith(b'bplist') or data.lstrip().startswith(b'<?xml') or data.lstrip().startswith(b'<plist'):
                try:
                    value = plistlib.loads(data)
                    return {k: v for k, v in value.items() if isinstance(v, str)} if isinstance(value, dict) else {}
                except Exception:
                    return {}
            if data[:2] in (b'\xff\xfe', b'\xfe\xff'):
                text = data.decode('utf-16')
            else:
                text = data.decode('utf-8-sig')
            text = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
            counts, values = {}, {}
            for line in text.splitlines():
                m = anykey.match(line)
                if m: counts[m.group(1)] = counts.get(m.group(1), 0) + 1
                m = simple.match(line)
                if m: values[m.group(1)] = m.group(2)
            return {k: v for k, v in values.items() if counts.get(k) == 1}
        def stringsdict(path):
            out = {}
            value = plistlib.load(open(path, 'rb'))
            for k, v in value.items():
                if isinstance(v, str): out[k] = v
                elif isinstance(v, dict) and isinstance(v.get('NSStringLocalizedFormatKey'), str): out[k] = v['NSStringLocalizedFormatKey']
            return out
        samples = []
        for lproj in sorted(f for f in os.listdir(root) if f.endswith('.lproj'))[:maxloc]:
            folder = os.path.join(root, lproj)
            tables = sorted({os.path.splitext(f)[0] for f in os.listdir(folder) if f.endswith(('.strings', '.stringsdict'))})
            for table in tables:
                s = os.path.join(folder, table + '.strings'); d = os.path.join(folder, table + '.stringsdict')
                merged = strings(s) if os.path.exists(s) else {}
                fromdict = stringsdict(d) if os.path.exists(d) else {}
                merged.update(fromdict)
                keys = sorted(fromdict)[:1] + [k for k in sorted(merged) if k not in fromdict][:per]
                for key in keys[:per + 1]:
                    samples.append([lproj[:-6], table, key, merged[key]])
        print(json.dumps(samples))
        """#
        let output = try await ExternalTool.python(script, [bundle.path, String(perTable), String(localizations)])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String]])
        return rows.map { Sample(localization: $0[0], table: $0[1], key: $0[2], value: $0[3]) }
    }

    struct Sample {
        var localization: String
        var table: String
        var key: String
        var value: String
    }
}
