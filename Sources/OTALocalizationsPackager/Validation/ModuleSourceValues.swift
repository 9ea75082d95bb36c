import Foundation
import OTALocalizationsCatalogs
import OTALocalizationsSourceLint
import OTALocalizationsValidation

/// Reads the development values a module's Swift sources and String Catalogs write beside their keys, for
/// validation to compare translations with when the development table lacks a key (docs/validation.md,
/// "Development values in Swift code").
///
/// The sources are the Swift files below the module's ``DiscoveredModule/sourceFolders``, without those below another
/// module's source folder inside them (a package nested in an app's folder), read with the lexer of `lint-sources`;
/// then each String Catalog's source-language text (``StringCatalog/sourceValues``), which Xcode extracted from the
/// same code. For one table and key the first value counts. Only values of tables the module ships are kept. Reads
/// files only; safe from any thread.
enum ModuleSourceValues {
    /// The values of `module`'s tables: the Swift files' (file by file in walking order, each shown relative to the
    /// repository root; none when `repositoryRoot` is nil), then the catalogs'.
    static func read(
        for module: LoadedModule, among modules: [DiscoveredModule], repositoryRoot: URL?
    ) -> [ValidationInput.SourceValue] {
        let discovered = module.module
        let tables = Set(discovered.tables.map(\.tableName) + discovered.catalogs.map(\.tableName))
        var values = repositoryRoot.map { swiftValues(of: discovered, among: modules, repositoryRoot: $0) } ?? []
        values = values.filter { tables.contains($0.table) }
        for catalog in module.catalogs {
            let table = ((catalog.path as NSString).lastPathComponent as NSString).deletingPathExtension
            values += catalog.sourceValues.map {
                ValidationInput.SourceValue(table: table, key: $0.key, segments: [$0.value], file: catalog.path, line: $0.line)
            }
        }
        return values
    }

    private static func swiftValues(
        of module: DiscoveredModule, among modules: [DiscoveredModule], repositoryRoot: URL
    ) -> [ValidationInput.SourceValue] {
        let folders = module.sourceFolders
        guard !folders.isEmpty else { return [] }
        let nested = modules.filter { $0.name != module.name }.flatMap(\.sourceFolders).filter { other in
            folders.contains { folder in other != folder && (folder.isEmpty || other.hasPrefix(folder + "/")) }
        }
        let urls = folders.map { URL(fileURLWithPath: $0.isEmpty ? "." : $0, relativeTo: repositoryRoot) }
        let excluded = nested.map { repositoryRoot.appendingPathComponent($0, isDirectory: true) }
        return SourceDevelopmentValues.read(folders: urls, excluding: excluded).map { value in
            let file = value.file.hasPrefix("./") ? String(value.file.dropFirst(2)) : value.file
            return ValidationInput.SourceValue(
                table: value.table, key: value.key, segments: value.segments, file: file, line: value.line)
        }
    }
}
