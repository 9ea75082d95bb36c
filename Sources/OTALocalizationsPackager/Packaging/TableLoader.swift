import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing
import OTALocalizationsCatalogs

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

/// Everything ``TableLoader/loadAll(_:)`` read.
public struct TableLoadResult: Sendable {
    /// The modules with at least one table or catalog left, in discovery order.
    public var modules: [LoadedModule]
    /// Every table or catalog that could not be read, compiled or parsed.
    public var failures: [TableLoadFailure]
    /// Tables left out for what they hold (Interface Builder or intent definition keys, no key at all; see
    /// `docs/configuration.md`), sorted by path.
    public var skipped: [SkippedFile]
}

/// Reads, compiles and parses every table of the discovered modules, collecting every failure before reporting.
public enum TableLoader {
    /// Loads each module like ``loadCollectingFailures(_:)`` and also leaves out the tables iOS reads outside the
    /// app's own lookups or that hold no key, as their content shows; a module left with no table or catalog is
    /// not a module.
    ///
    /// - Throws: ``PackagerError`` `nameCollision` when a catalog's compiled table lands where another table is.
    public static func loadAll(_ modules: [DiscoveredModule]) throws -> TableLoadResult {
        let (loaded, failures, privateUse) = try load(modules)
        var kept: [LoadedModule] = []
        var skipped: [SkippedFile] = privateUse
        for var module in loaded {
            let (tables, left) = ContentSkips.apply(module.tables)
            skipped += left
            if !left.isEmpty, tables.isEmpty, module.module.catalogs.isEmpty { continue }
            if !left.isEmpty {
                let paths = Set(left.map(\.path))
                module.tables = tables
                module.module.tables.removeAll { paths.contains($0.relativePath) }
                module.module.catalogs.removeAll { paths.contains($0.relativePath) }
                module.catalogs.removeAll { paths.contains($0.path) }
            }
            kept.append(module)
        }
        return TableLoadResult(modules: kept, failures: failures, skipped: skipped.sorted { $0.path < $1.path })
    }

    /// Loads each module and throws if anything failed (what `package` needs).
    ///
    /// - Throws: ``PackagerError`` `invalidTables` listing every table or catalog that cannot be read, compiled or
    ///   parsed, one per line as `path:line:column: reason` with paths relative to the repository root;
    ///   `nameCollision` when a catalog's compiled table lands where another table already is.
    static func load(_ modules: [DiscoveredModule]) throws -> [LoadedModule] {
        try loadAllOrThrow(modules).modules
    }

    /// ``loadAll(_:)``, throwing like ``load(_:)`` when anything failed.
    static func loadAllOrThrow(_ modules: [DiscoveredModule]) throws -> TableLoadResult {
        let result = try loadAll(modules)
        let failures = result.failures
        if !failures.isEmpty {
            let noun = failures.count == 1 ? "table does" : "tables do"
            throw PackagerError(
                code: .invalidTables,
                reason: "\(failures.count) \(noun) not parse; nothing was written. Fix each file below and run again.",
                details: failures.map(\.message)
            )
        }
        return result
    }

    /// Loads each module: `.lproj` tables as they are, String Catalogs compiled to `.lproj` tables; files that
    /// fail are left out of their module and returned (what `validate` needs).
    ///
    /// - Throws: ``PackagerError`` `nameCollision` when a catalog's compiled table lands where another table is.
    static func loadCollectingFailures(_ modules: [DiscoveredModule]) throws -> ([LoadedModule], [TableLoadFailure]) {
        let (loaded, failures, _) = try load(modules)
        return (loaded, failures)
    }

    /// ``loadCollectingFailures(_:)`` with the tables a catalog compiles for a private-use language
    /// (``ModuleDiscovery/isPrivateUse(localization:)``, translatewiki's `qqq`), which are left out.
    private static func load(
        _ modules: [DiscoveredModule]
    ) throws -> ([LoadedModule], [TableLoadFailure], [SkippedFile]) {
        // Files are independent: read and parse every file of every module on every core (one large module too),
        // then regroup them by module in discovery order.
        let work = modules.indices.flatMap { index in
            modules[index].tables.map { FileWork.table(module: index, $0) }
                + modules[index].catalogs.map { FileWork.catalog(module: index, $0) }
        }
        let loaded = ParallelMap.map(work) { item in loadFile(item, moduleName: modules[item.module].name) }
        var tables = Array(repeating: [LoadedTable](), count: modules.count)
        var catalogs = Array(repeating: [StringCatalog](), count: modules.count)
        var failures: [TableLoadFailure] = []
        var skipped: [SkippedFile] = []
        for (item, result) in zip(work, loaded) {
            tables[item.module] += result.tables
            if let catalog = result.catalog { catalogs[item.module].append(catalog) }
            failures += result.failures
            skipped += result.skipped
        }
        let results = try modules.indices.map { index in
            try module(modules[index], tables: tables[index], catalogs: catalogs[index])
        }
        return (results, failures, skipped)
    }

    /// One file to load: a `.lproj` table or a String Catalog of the module at index `module`.
    private enum FileWork: Sendable {
        case table(module: Int, TableFile)
        case catalog(module: Int, CatalogFile)

        var module: Int {
            switch self {
            case .table(let module, _), .catalog(let module, _): return module
            }
        }
    }

    /// What one file gave: its tables (several for a catalog), the catalog itself, and failures.
    private struct FileResult: Sendable {
        var tables: [LoadedTable] = []
        var catalog: StringCatalog?
        var failures: [TableLoadFailure] = []
        var skipped: [SkippedFile] = []
    }

    private static func loadFile(_ item: FileWork, moduleName: String) -> FileResult {
        var result = FileResult()
        switch item {
        case .table(_, let file):
            guard let data = read(file.url, file.relativePath, moduleName, &result.failures),
                  let table = parse(data, path: file.relativePath, moduleName, &result.failures) else { break }
            result.tables.append(LoadedTable(
                bundlePath: file.bundlePath, localization: file.localization, tableName: file.tableName,
                sourcePath: file.relativePath, bytes: data, table: table, isCompiled: false
            ))
        case .catalog(_, let file):
            guard let data = read(file.url, file.relativePath, moduleName, &result.failures) else { break }
            do {
                let catalog = try StringCatalog(bytes: data, path: file.relativePath)
                result.catalog = catalog
                for compiled in try StringCatalogCompiler.compile(catalog, tableName: file.tableName) {
                    if ModuleDiscovery.isPrivateUse(localization: compiled.localization) {
                        result.skipped.append(SkippedFile(
                            path: "\(file.relativePath) (\(compiled.localization))", reason: SkipReason.privateUse(compiled.localization)))
                        continue
                    }
                    let outputs = [(compiled.stringsPath, compiled.strings), (compiled.stringsDictPath, compiled.stringsDict)]
                    for case let (bundlePath, bytes?) in outputs {
                        let path = "\(file.relativePath) → \(bundlePath)"
                        guard let table = parse(bytes, path: path, moduleName, &result.failures) else { continue }
                        result.tables.append(LoadedTable(
                            bundlePath: bundlePath, localization: compiled.localization, tableName: file.tableName,
                            sourcePath: file.relativePath, bytes: bytes, table: table, isCompiled: true
                        ))
                    }
                }
            } catch {
                result.failures.append(TableLoadFailure(module: moduleName, path: file.relativePath, message: "\(error)"))
            }
        }
        return result
    }

    /// A module from its loaded tables, sorted by bundle path; two tables at one bundle path are an error.
    private static func module(
        _ module: DiscoveredModule, tables unsorted: [LoadedTable], catalogs: [StringCatalog]
    ) throws -> LoadedModule {
        let tables = unsorted.sorted { $0.bundlePath < $1.bundlePath }
        for (previous, next) in zip(tables, tables.dropFirst()) where previous.bundlePath == next.bundlePath {
            throw PackagerError(
                code: .nameCollision,
                reason: "module '\(module.name)' gets \(next.bundlePath) from both '\(previous.sourcePath)' and '\(next.sourcePath)'"
            )
        }
        return LoadedModule(module: module, tables: tables, catalogs: catalogs)
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
        } catch {
            failures.append(TableLoadFailure(module: module, path: path, message: error.description, tableError: error))
            return nil
        }
    }
}
