import Foundation
import Testing
@testable import OTALocalizationsCatalogs

/// Every oracle pair in `shared/oracles/xcstrings/` (a catalog committed next to what Apple's `xcstringstool
/// compile` produced from it) compiles to exactly Apple's bytes, and to no file Apple did not write.
@Suite struct StringCatalogOracleTests {
    static var oracleRoot: URL { CatalogTestSupport.sharedDirectory.appendingPathComponent("oracles/xcstrings", isDirectory: true) }

    static var oracleCatalogs: [URL] { CatalogTestSupport.catalogs(under: oracleRoot) }

    @Test func oraclePairsArePresent() {
        #expect(Self.oracleCatalogs.count >= 3, "expected the oracle pairs under \(Self.oracleRoot.path)")
    }

    @Test(arguments: oracleCatalogs)
    func oracleCompilesToApplesBytes(catalogURL: URL) throws {
        let directory = catalogURL.deletingLastPathComponent()
        let table = catalogURL.deletingPathExtension().lastPathComponent
        let catalog = try StringCatalog(bytes: try Data(contentsOf: catalogURL), path: catalogURL.path)
        let tables = try StringCatalogCompiler.compile(catalog, tableName: table)

        // Apple's files next to the catalog: <lang>.lproj/<table>.strings|.stringsdict.
        var expected: [String: Data] = [:]
        for entry in try FileManager.default.contentsOfDirectory(atPath: directory.path) where entry.hasSuffix(".lproj") {
            for ext in ["strings", "stringsdict"] {
                let file = directory.appendingPathComponent(entry).appendingPathComponent("\(table).\(ext)")
                if let data = FileManager.default.contents(atPath: file.path) {
                    expected["\(entry)/\(table).\(ext)"] = data
                }
            }
        }
        var produced: [String: Data] = [:]
        for compiled in tables {
            if let strings = compiled.strings { produced[compiled.stringsPath] = strings }
            if let stringsDict = compiled.stringsDict { produced[compiled.stringsDictPath] = stringsDict }
        }
        #expect(Set(produced.keys) == Set(expected.keys))
        for (name, data) in expected.sorted(by: { $0.key < $1.key }) {
            let ours = try #require(produced[name], "missing \(name)")
            #expect(ours == data, "\(name) differs from Apple's output")
            if ours != data {
                // Parsed comparison explains a byte difference.
                #expect(try CatalogTestSupport.plistlibJSON(ours) == CatalogTestSupport.plistlibJSON(data), "\(name) differs as a property list")
            }
        }
    }
}
