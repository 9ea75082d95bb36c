import Foundation
import OTALocalizationsCore
import OTALocalizationsValidation

extension ValidationInput {
    /// Builds the validation input of a discovered module, parsing each table from bytes already read.
    ///
    /// File paths in diagnostics are the tables' repository-relative paths; each file's place in the bundle
    /// is its ``TableFile/bundlePath``. A table missing from `tableBytes` is read from disk; one that
    /// cannot be read or parsed becomes ``Content/unreadable(_:)`` (reported as `parse-error` / `encoding`).
    /// - Parameters:
    ///   - module: a module from ``ModuleDiscovery``.
    ///   - developmentRegion: the development region, for example `en`.
    ///   - tableBytes: bundle path (`fr.lproj/Localizable.strings`) to the file's bytes, when already read.
    public init(discovered module: DiscoveredModule, developmentRegion: String, tableBytes: [String: Data] = [:]) {
        var files: [File] = []
        for table in module.tables {
            let content: Content
            do {
                let data = try tableBytes[table.bundlePath] ?? Data(contentsOf: table.url)
                switch try LocalizationTable.parse(data, path: table.relativePath) {
                case .strings(let parsed): content = .strings(parsed)
                case .stringsDict(let parsed): content = .stringsDict(parsed)
                }
            } catch let error as TableError {
                content = .unreadable(error)
            } catch {
                content = .unreadable(TableError(
                    code: TableError.Code(rawValue: "io"), reason: "cannot read the file; check its permissions.",
                    path: table.relativePath))
            }
            files.append(File(path: table.relativePath, relativePath: table.bundlePath, content: content))
        }
        self.init(module: module.name, developmentRegion: developmentRegion, files: files,
                  folders: Array(Set(module.tables.map { "\($0.localization).lproj" })).sorted(),
                  rootPath: module.folders.first ?? "")
    }
}
