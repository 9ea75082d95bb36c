import Foundation
import OTALocalizationsCore

/// A table or catalog that could not be read, compiled or parsed.
public struct TableLoadFailure: Sendable, Equatable {
    public var module: String
    /// Repository-relative path of the file.
    public var path: String
    /// `path:line:column: reason`.
    public var message: String
    /// The parser's error when the file was read but does not parse.
    public var tableError: TableError?
}

/// Reads, compiles and parses every table of the discovered modules, collecting every failure before reporting.
public enum TableLoader {
    /// Loads each module and throws if anything failed (what `package` needs).
    ///
    /// - Throws: ``PackagerError`` `invalidTables` listing every table or catalog that cannot be read, compiled or
    ///   parsed, one per line as `path:line:column: reason` with paths relative to the repository root;
    ///   `nameCollision` when a catalog's compiled table lands where another table already is.
    public static func load(_ modules: [DiscoveredModule]) throws -> [LoadedModule] {
        let (loaded, failures) = try loadCollectingFailures(modules)
        if !failures.isEmpty {
            let noun = failures.count == 1 ? "table does" : "tables do"
            throw PackagerError(
                code: .invalidTables,
                reason: "\(failures.count) \(noun) not parse; nothing was written. Fix each file below and run again.",
                details: failures.map(\.message)
            )
        }
        return loaded
    }

    /// Loads each module: `.lproj` tables as they are, String Catalogs compiled to `.lproj` tables; files that
    /// fail are left out of their module and returned (what `validate` needs).
    ///
    /// - Throws: ``PackagerError`` `nameCollision` when a catalog's compiled table lands where another table is.
    public static func loadCollectingFailures(_ modules: [DiscoveredModule]) throws -> ([LoadedModule], [TableLoadFailure]) {
        let results = try ParallelMap.map(modules, loadModule)
        return (results.map(\.0), results.flatMap(\.1))
    }

    /// One module's tables and catalogs, with the files that failed.
    private static func loadModule(_ module: DiscoveredModule) throws -> (LoadedModule, [TableLoadFailure]) {
        var failures: [TableLoadFailure] = []
        var tables: [LoadedTable] = []
        var catalogs: [StringCatalog] = []
        for file in module.tables {
            guard let data = read(file.url, file.relativePath, module.name, &failures) else { continue }
            if let table = parse(data, path: file.relativePath, module.name, &failures) {
                tables.append(LoadedTable(
                    bundlePath: file.bundlePath, localization: file.localization, tableName: file.tableName,
                    sourcePath: file.relativePath, bytes: data, table: table, isCompiled: false
                ))
            }
        }
        for file in module.catalogs {
            guard let data = read(file.url, file.relativePath, module.name, &failures) else { continue }
            do {
                let catalog = try StringCatalog(bytes: data, path: file.relativePath)
                catalogs.append(catalog)
                for compiled in try StringCatalogCompiler.compile(catalog, tableName: file.tableName) {
                    let outputs = [(compiled.stringsPath, compiled.strings), (compiled.stringsDictPath, compiled.stringsDict)]
                    for case let (bundlePath, bytes?) in outputs {
                        let path = "\(file.relativePath) → \(bundlePath)"
                        guard let table = parse(bytes, path: path, module.name, &failures) else { continue }
                        tables.append(LoadedTable(
                            bundlePath: bundlePath, localization: compiled.localization, tableName: file.tableName,
                            sourcePath: file.relativePath, bytes: bytes, table: table, isCompiled: true
                        ))
                    }
                }
            } catch {
                failures.append(TableLoadFailure(module: module.name, path: file.relativePath, message: "\(error)"))
            }
        }
        tables.sort { $0.bundlePath < $1.bundlePath }
        for (previous, next) in zip(tables, tables.dropFirst()) where previous.bundlePath == next.bundlePath {
            throw PackagerError(
                code: .nameCollision,
                reason: "module '\(module.name)' gets \(next.bundlePath) from both '\(previous.sourcePath)' and '\(next.sourcePath)'"
            )
        }
        return (LoadedModule(module: module, tables: tables, catalogs: catalogs), failures)
    }

    private static func read(_ url: URL, _ path: String, _ module: String, _ failures: inout [TableLoadFailure]) -> Data? {
        do {
            return try Data(contentsOf: url)
        } catch {
            failures.append(TableLoadFailure(module: module, path: path, message: "\(path): cannot be read; check the file's permissions"))
            return nil
        }
    }

    private static func parse(_ data: Data, path: String, _ module: String, _ failures: inout [TableLoadFailure]) -> LocalizationTable? {
        do {
            return try LocalizationTable.parse(data, path: path)
        } catch let error as TableError {
            failures.append(TableLoadFailure(module: module, path: path, message: error.description, tableError: error))
            return nil
        } catch {
            failures.append(TableLoadFailure(module: module, path: path, message: "\(path): \(error)"))
            return nil
        }
    }
}
