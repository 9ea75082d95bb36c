import Foundation
import OTALocalizationsNames

/// Reads a repository's tables as `package` would pack them: its configuration, discovery and loading (String
/// Catalogs compiled, files `package` skips left out), without validation.
///
/// Reads any folder on disk; put it after the readers of published folders, which are folders too. Blocking.
public struct RepositoryReader: StringsLocationReading {
    /// The configuration file of every root it reads; nil: the root's `ota-localizations.json` when present.
    public var configurationFile: URL?

    public init(configurationFile: URL? = nil) {
        self.configurationFile = configurationFile
    }

    public func reads(_ location: String) -> Bool {
        StringsLocations.scheme(of: location) == nil && FileSystem.isDirectory(URL(fileURLWithPath: location))
    }

    /// - Throws: ``PackagerError`` from the packager's steps: `configuration`, `missing-folder`, `name-collision`,
    ///   `invalid-tables` (every table that does not parse listed in its details).
    public func snapshot(of location: String) throws -> StringsSnapshot {
        let pipeline = try PublishPipeline(
            repositoryRoot: URL(fileURLWithPath: location), configurationFile: configurationFile,
            options: ValidationOptions(), tablesMustParse: true)
        var tables: [StringsSnapshot.TableID: StringsSnapshot.Table] = [:]
        for module in pipeline.load.modules {
            for table in module.tables {
                let id = StringsSnapshot.TableID(
                    module: module.module.name, localization: table.localization, fileName: BundlePath(table.bundlePath).fileName)
                var read = StringsSnapshot.Table(table.table)
                read.catalog = table.isCompiled ? table.sourcePath : nil
                tables[id] = read
            }
        }
        return StringsSnapshot(tables: tables)
    }
}
