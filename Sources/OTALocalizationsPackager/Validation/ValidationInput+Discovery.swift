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

extension ValidationInput.Origin {
    /// The origin of a discovered module: its resource folders, whether ``ModuleNamingRule`` named it after the
    /// repository folder, and the tables discovery left at the root of one of its resource folders.
    /// - Parameters:
    ///   - module: a module from ``ModuleDiscovery``.
    ///   - skipped: what discovery left out (``DiscoveryResult/skipped``); only tables left outside any `.lproj`
    ///     directly in one of `module`'s resource folders are kept.
    ///   - catalogSourceLanguages: the `sourceLanguage` of each String Catalog of the module that was read.
    public init(discovered module: DiscoveredModule, skipped: [SkippedFile], catalogSourceLanguages: [String]) {
        let folders = Set(module.folders)
        let besideLprojFolders = skipped.filter { file in
            file.code == .outsideLproj && folders.contains((file.path as NSString).deletingLastPathComponent)
        }
        self.init(
            resourceFolders: module.folders, namedAfterCheckoutFolder: module.rule == ModuleNamingRule.repositoryFolderRule,
            tablesBesideLprojFolders: besideLprojFolders.map(\.path), catalogSourceLanguages: catalogSourceLanguages,
            configurationFileName: PackagerConfiguration.fileName)
    }
}
