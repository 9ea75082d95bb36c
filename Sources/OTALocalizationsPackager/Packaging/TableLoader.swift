import Foundation
import OTALocalizationsCore

/// Reads, compiles and parses every table of the discovered modules, collecting every failure before reporting.
public enum TableLoader {
    /// Loads each module: `.lproj` tables as they are, String Catalogs compiled to `.lproj` tables.
    ///
    /// - Throws: ``PackagerError`` `invalidTables` listing every table or catalog that cannot be read, compiled or
    ///   parsed, one per line as `path:line:column: reason` with paths relative to the repository root;
    ///   `nameCollision` when a catalog's compiled table lands where another table already is.
    public static func load(_ modules: [DiscoveredModule]) throws -> [LoadedModule] {
        var failures: [String] = []
        var loaded: [LoadedModule] = []
        for module in modules {
            var tables: [LoadedTable] = []
            var catalogs: [StringCatalog.Summary] = []
            for file in module.tables {
                guard let data = read(file.url, file.relativePath, &failures) else { continue }
                if let table = parse(data, path: file.relativePath, &failures) {
                    tables.append(LoadedTable(
                        bundlePath: file.bundlePath, localization: file.localization, tableName: file.tableName,
                        sourcePath: file.relativePath, bytes: data, table: table, isCompiled: false
                    ))
                }
            }
            for file in module.catalogs {
                guard let data = read(file.url, file.relativePath, &failures) else { continue }
                do {
                    let catalog = try StringCatalog(bytes: data, path: file.relativePath)
                    catalogs.append(.init(path: file.relativePath, sourceLanguage: catalog.sourceLanguage, languages: catalog.languages))
                    for compiled in try StringCatalogCompiler.compile(catalog, tableName: file.tableName) {
                        let outputs = [(compiled.stringsPath, compiled.strings), (compiled.stringsDictPath, compiled.stringsDict)]
                        for case let (bundlePath, bytes?) in outputs {
                            let path = "\(file.relativePath) → \(bundlePath)"
                            guard let table = parse(bytes, path: path, &failures) else { continue }
                            tables.append(LoadedTable(
                                bundlePath: bundlePath, localization: compiled.localization, tableName: file.tableName,
                                sourcePath: file.relativePath, bytes: bytes, table: table, isCompiled: true
                            ))
                        }
                    }
                } catch {
                    failures.append("\(error)")
                }
            }
            tables.sort { $0.bundlePath < $1.bundlePath }
            for (previous, next) in zip(tables, tables.dropFirst()) where previous.bundlePath == next.bundlePath {
                throw PackagerError(
                    code: .nameCollision,
                    reason: "module '\(module.name)' gets \(next.bundlePath) from both '\(previous.sourcePath)' and '\(next.sourcePath)'"
                )
            }
            loaded.append(LoadedModule(module: module, tables: tables, catalogs: catalogs))
        }
        if !failures.isEmpty {
            let noun = failures.count == 1 ? "table does" : "tables do"
            throw PackagerError(
                code: .invalidTables,
                reason: "\(failures.count) \(noun) not parse; nothing was written. Fix each file below and run again.",
                details: failures
            )
        }
        return loaded
    }

    private static func read(_ url: URL, _ path: String, _ failures: inout [String]) -> Data? {
        do {
            return try Data(contentsOf: url)
        } catch {
            failures.append("\(path): cannot be read; check the file's permissions")
            return nil
        }
    }

    private static func parse(_ data: Data, path: String, _ failures: inout [String]) -> LocalizationTable? {
        do {
            return try LocalizationTable.parse(data, path: path)
        } catch {
            failures.append("\(error)")
            return nil
        }
    }
}
