import Foundation
import Testing
@testable import OTALocalizationsCatalogs

/// Every real catalog in `shared/corpus/` (IceCubesApp, owncloud, duckduckgo macOS) compiles without error,
/// reproducibly, to tables that Python's `plistlib` and Foundation both read.
@Suite struct StringCatalogCorpusTests {
    static var corpusCatalogs: [URL] {
        CatalogTestSupport.catalogs(under: CatalogTestSupport.sharedDirectory.appendingPathComponent("corpus", isDirectory: true))
    }

    @Test func corpusHasItsFifteenCatalogs() {
        #expect(Self.corpusCatalogs.count == 15)
    }

    @Test(arguments: corpusCatalogs)
    func corpusCatalogCompilesReproducibly(catalogURL: URL) throws {
        let bytes = try Data(contentsOf: catalogURL)
        let table = catalogURL.deletingPathExtension().lastPathComponent
        let first = try StringCatalogCompiler.compile(try StringCatalog(bytes: bytes, path: catalogURL.path), tableName: table)
        let second = try StringCatalogCompiler.compile(try StringCatalog(bytes: bytes, path: catalogURL.path), tableName: table)
        #expect(first == second)
        #expect(!first.isEmpty)
        #expect(first.map(\.localization) == first.map(\.localization).sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
        var summary: [String] = []
        for compiled in first {
            #expect(compiled.strings != nil || compiled.stringsDict != nil)
            let strings = try compiled.strings.map(CatalogTestSupport.foundationPlist)?.count ?? 0
            let dict = try compiled.stringsDict.map(CatalogTestSupport.foundationPlist)?.count ?? 0
            summary.append("\(compiled.localization):\(strings)+\(dict)")
        }
        print("CORPUS \(catalogURL.path.replacingOccurrences(of: CatalogTestSupport.sharedDirectory.path + "/corpus/", with: "")) \(summary.joined(separator: " "))")
    }
}
