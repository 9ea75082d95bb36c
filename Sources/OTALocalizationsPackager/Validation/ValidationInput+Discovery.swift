import Foundation
import OTALocalizationsCore
import OTALocalizationsNames
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
                content = Content(parsing: data, path: table.relativePath)
            } catch {
                content = .unreadable(TableError(
                    code: TableError.Code(rawValue: "io"), reason: "cannot read the file; check its permissions.",
                    path: table.relativePath))
            }
            files.append(File(path: table.relativePath, relativePath: table.bundlePath, content: content))
        }
        self.init(module: module.name, developmentRegion: developmentRegion, files: files,
                  folders: Array(Set(module.tables.map { LocalizationFolder.name(for: $0.localization) })).sorted(),
                  rootPath: module.folders.first ?? "")
    }
}
