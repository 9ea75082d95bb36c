import Foundation
import Testing
@testable import OTALocalizationsCatalogs

/// The binary encoding is byte-identical to Python's `plistlib.dumps(value, fmt=FMT_BINARY, sort_keys=True)`,
/// which docs/string-catalogs.md ("Output format") records as byte-identical to the tables in an iOS app built by
/// Xcode 26.1.1.
@Suite struct StringCatalogBinaryFormatTests {
    static let compareScript = #"""
import os, plistlib, sys
root = sys.argv[1]
bad = []
count = 0
for name in sorted(os.listdir(root)):
    if not name.endswith(".xml"):
        continue
    xml = open(os.path.join(root, name), "rb").read()
    binary = open(os.path.join(root, name[:-4] + ".bin"), "rb").read()
    expected = plistlib.dumps(plistlib.loads(xml), fmt=plistlib.FMT_BINARY, sort_keys=True)
    count += 1
    if expected != binary:
        bad.append(name)
print(count, " ".join(bad))
"""#

    static var catalogs: [URL] {
        let shared = CatalogTestSupport.sharedDirectory
        return CatalogTestSupport.catalogs(under: shared.appendingPathComponent("corpus"))
            + CatalogTestSupport.catalogs(under: shared.appendingPathComponent("oracles/xcstrings"))
    }

    @Test(arguments: catalogs)
    func binaryTablesMatchPlistlib(catalogURL: URL) throws {
        let catalog = try StringCatalog(bytes: try Data(contentsOf: catalogURL), path: catalogURL.path)
        let xml = try StringCatalogCompiler.compile(catalog, tableName: "T", format: .xml)
        let binary = try StringCatalogCompiler.compile(catalog, tableName: "T", format: .binary)
        #expect(xml.map(\.localization) == binary.map(\.localization))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bplist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files = 0
        for (text, packed) in zip(xml, binary) {
            for (name, pair) in [("strings", (text.strings, packed.strings)), ("stringsdict", (text.stringsDict, packed.stringsDict))] {
                #expect((pair.0 == nil) == (pair.1 == nil))
                guard let textData = pair.0, let packedData = pair.1 else { continue }
                #expect(packedData.starts(with: Data("bplist00".utf8)))
                #expect(try CatalogTestSupport.foundationPlist(packedData) == CatalogTestSupport.foundationPlist(textData))
                try textData.write(to: folder.appendingPathComponent("\(text.localization).\(name).xml"))
                try packedData.write(to: folder.appendingPathComponent("\(text.localization).\(name).bin"))
                files += 1
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.compareScript, folder.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let result = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(result.trimmingCharacters(in: .whitespacesAndNewlines) == "\(files)")
    }

    @Test func largeAndNonASCIIValuesUseWideMarkersAndUTF16() throws {
        let long = String(repeating: "x", count: 300)
        let tables = try CatalogTestSupport.compile(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "long": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "\#(long)"}}}},
          "emoji": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "😀 é"}}}},
          "same": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "same"}}}}}}
        """#)
        let catalog = try StringCatalog(bytes: Data(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "long": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "\#(long)"}}}},
          "emoji": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "😀 é"}}}},
          "same": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "same"}}}}}}
        """#.utf8), path: "L.xcstrings")
        let binary = try #require(try StringCatalogCompiler.compile(catalog, tableName: "L", format: .binary).first?.strings)
        let xml = try #require(tables["en"]?.strings)
        let expected = try CatalogTestSupport.python(
            "import sys, plistlib; sys.stdout.buffer.write(plistlib.dumps(plistlib.loads(sys.stdin.buffer.read()), fmt=plistlib.FMT_BINARY, sort_keys=True))",
            input: xml)
        #expect(binary == expected)
    }
}
