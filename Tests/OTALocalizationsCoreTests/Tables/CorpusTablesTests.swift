import Foundation
import Testing
@testable import OTALocalizationsCore

/// Every `.strings` and `.stringsdict` file of the real apps in `$OTA_SHARED/corpus` (default `../shared`
/// beside the package root). Stringsdict values are compared with Python's `plistlib` on the same bytes;
/// `.strings` values with Foundation's `PropertyListSerialization` wherever it succeeds (it is CF's own parser).
@Suite struct CorpusTablesTests {
    static func sharedDirectory() -> URL {
        if let value = ProcessInfo.processInfo.environment["OTA_SHARED"], !value.isEmpty {
            return URL(fileURLWithPath: value)
        }
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory.appendingPathComponent("../shared").standardizedFileURL
            }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: "../shared")
    }

    static func tableFiles(withExtension wanted: String) -> [URL] {
        let corpus = sharedDirectory().appendingPathComponent("corpus")
        guard let enumerator = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil) else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator where url.pathExtension.lowercased() == wanted {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test func parsesEveryStringsDictLikePlistlib() throws {
        let files = Self.tableFiles(withExtension: "stringsdict")
        try #require(!files.isEmpty, "no corpus at \(Self.sharedDirectory().path)")
        let directory = try PythonPlistOracle.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = directory.appendingPathComponent("files.txt")
        try Data(files.map(\.path).joined(separator: "\n").utf8).write(to: list)
        // Line 1 per file: plistlib's value; line 2: expat's line of each top-level <key> (JSON), for XML files.
        let script = """
        import xml.parsers.expat
        def key_lines(data):
            if data.startswith(b"bplist"): return {}
            lines, depth, state = {}, [0], {"line": 0, "text": None}
            p = xml.parsers.expat.ParserCreate()
            def start(name, attrs):
                depth[0] += 1
                if name == "key" and depth[0] == 3:
                    state["line"], state["text"] = p.CurrentLineNumber, ""
            def end(name):
                if name == "key" and depth[0] == 3 and state["text"] is not None:
                    lines[state["text"]] = state["line"]
                    state["text"] = None
                depth[0] -= 1
            def chars(text):
                if state["text"] is not None: state["text"] += text
            p.StartElementHandler, p.EndElementHandler, p.CharacterDataHandler = start, end, chars
            p.Parse(data, True)
            return lines
        for path in open(sys.argv[1], encoding="utf-8").read().split("\\n"):
            data = open(path, "rb").read()
            try:
                print(canon(plistlib.loads(data)))
                print(json.dumps(key_lines(data)))
            except Exception as e:
                print("ERROR " + type(e).__name__)
                print("{}")
        """
        let output = String(decoding: try PythonPlistOracle.run(script, arguments: [list.path]), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var expected: [String] = []
        var expectedLines: [[String: Int]] = []
        var position = 0
        while position + 1 < output.count {
            expected.append(output[position])
            expectedLines.append((try? JSONDecoder().decode([String: Int].self, from: Data(output[position + 1].utf8))) ?? [:])
            position += 2
        }
        var failures: [String] = []
        var agreed = 0
        var linesChecked = 0
        for (index, file) in files.enumerated() {
            let want = index < expected.count ? expected[index] : "missing"
            do {
                let table = try StringsDictParser.parse(try Data(contentsOf: file), path: file.path)
                let got = PythonPlistOracle.canon(.dictionary(table.entries))
                if got == want { agreed += 1 } else { failures.append("\(file.path): differs from plistlib") }
                let wantLines = index < expectedLines.count ? expectedLines[index] : [:]
                if table.keyLines != wantLines { failures.append("\(file.path): key lines differ from expat's") }
                if table.format == .xmlPropertyList { linesChecked += table.keyLines.count }
            } catch {
                failures.append("\(error) [plistlib: \(want.hasPrefix("ERROR") ? want : "reads it")]")
            }
        }
        print("corpus stringsdict: \(files.count) files, \(agreed) equal to plistlib, \(linesChecked) key lines equal to expat's, \(failures.count) failures")
        for failure in failures { print("  \(failure)") }
        #expect(failures.isEmpty)
    }

    @Test func parsesEveryStringsFileLikeCF() throws {
        let files = Self.tableFiles(withExtension: "strings")
        try #require(!files.isEmpty, "no corpus at \(Self.sharedDirectory().path)")
        var failures: [String] = []
        var comparedWithFoundation = 0
        var formats: [StringsTable.Format: Int] = [:]
        var onlyOursReads: [String] = []
        for file in files {
            let data = try Data(contentsOf: file)
            let foundation = (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: String]
            do {
                let table = try StringsTableParser.parse(data, path: file.path)
                formats[table.format, default: 0] += 1
                if foundation == nil { onlyOursReads.append(file.path) }
                if let foundation {
                    comparedWithFoundation += 1
                    if table.values != foundation {
                        let differing = Set(table.values.keys).symmetricDifference(foundation.keys).union(
                            foundation.keys.filter { table.values[$0] != nil && table.values[$0] != foundation[$0] })
                        failures.append("\(file.path): differs from PropertyListSerialization for \(differing.sorted().prefix(3))")
                    }
                }
            } catch {
                failures.append("\(error) [PropertyListSerialization: \(foundation == nil ? "rejects it too" : "reads it")]")
            }
        }
        print("corpus strings: \(files.count) files (\(formats.map { "\($0.key.rawValue) \($0.value)" }.sorted().joined(separator: ", "))), \(comparedWithFoundation) compared with PropertyListSerialization, \(failures.count) failures")
        for failure in failures { print("  \(failure)") }
        for path in onlyOursReads { print("  read here, rejected by PropertyListSerialization: \(path)") }
        #expect(failures.isEmpty)
        // The one known difference: CF's runtime reads a zero-length table as empty, PropertyListSerialization refuses it.
        for path in onlyOursReads {
            #expect((try? Data(contentsOf: URL(fileURLWithPath: path)))?.isEmpty == true, "\(path)")
        }
    }
}
