import Foundation
import Testing
@testable import OTALocalizationsCatalogs

/// Helpers shared by the catalog suites: where `shared/` is, catalogs written in tests, Python's `plistlib`.
enum CatalogTestSupport {
    /// `$OTA_SHARED`, or `../shared` next to the package root (found from this file's path).
    static var sharedDirectory: URL {
        if let override = ProcessInfo.processInfo.environment["OTA_SHARED"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory.deletingLastPathComponent().appendingPathComponent("shared", isDirectory: true)
            }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: "../shared", isDirectory: true)
    }

    /// Every `*.xcstrings` under `directory`, sorted by path.
    static func catalogs(under directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        var found: [URL] = []
        for case let url as URL in enumerator where url.pathExtension == "xcstrings" {
            found.append(url)
        }
        return found.sorted { $0.path < $1.path }
    }

    /// Compiles a catalog written as JSON text in a test.
    static func compile(_ json: String, table: String = "Localizable") throws -> [String: CompiledCatalogTable] {
        let catalog = try StringCatalog(bytes: Data(json.utf8), path: "\(table).xcstrings")
        let tables = try StringCatalogCompiler.compile(catalog, tableName: table)
        return Dictionary(uniqueKeysWithValues: tables.map { ($0.localization, $0) })
    }

    /// Parses property-list bytes with Python's `plistlib` (an independent reader) and returns the value as
    /// canonical JSON text (sorted keys), so two tables can be compared as values.
    static func plistlibJSON(_ data: Data) throws -> String {
        let output = try python(
            "import sys, json, plistlib; print(json.dumps(plistlib.loads(sys.stdin.buffer.read()), sort_keys=True, ensure_ascii=False))",
            input: data)
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes Python's `plistlib.dumps(value, fmt=FMT_XML, sort_keys=True)` writes for a value given as JSON
    /// text: the serializer docs/string-catalogs.md ("Output format") records as byte-identical to `xcstringstool`'s
    /// text output.
    static func plistlibXML(_ json: String) throws -> Data {
        try python(
            "import sys, json, plistlib; sys.stdout.buffer.write(plistlib.dumps(json.loads(sys.stdin.read()), fmt=plistlib.FMT_XML, sort_keys=True))",
            input: Data(json.utf8))
    }

    static func python(_ script: String, input: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let result = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw PlistlibFailure() }
        return result
    }

    /// Asserts that `json` compiles to exactly `expected`: per language, the `.strings` and `.stringsdict`
    /// contents as JSON (nil = no file), compared byte for byte with what `plistlib` writes for them.
    static func expectTables(
        _ json: String, _ expected: [String: (strings: String?, stringsDict: String?)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let tables = try compile(json)
        #expect(Set(tables.keys) == Set(expected.keys), sourceLocation: sourceLocation)
        for (language, files) in expected {
            let table = tables[language]
            #expect(table?.strings == (try files.strings.map(plistlibXML)), "\(language).strings", sourceLocation: sourceLocation)
            #expect(table?.stringsDict == (try files.stringsDict.map(plistlibXML)), "\(language).stringsdict", sourceLocation: sourceLocation)
        }
    }

    /// Foundation's reading of property-list bytes (swift-corelibs-foundation's CoreFoundation parser).
    static func foundationPlist(_ data: Data) throws -> NSDictionary {
        let value = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        guard let dictionary = value as? NSDictionary else { throw PlistlibFailure() }
        return dictionary
    }

    struct PlistlibFailure: Error {}
}
