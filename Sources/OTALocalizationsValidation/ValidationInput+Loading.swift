import Foundation
import OTALocalizationsCore
import OTALocalizationsNames

extension ValidationInput {
    /// Reads one module's resource root from disk: the tables at its root and inside its top-level
    /// `*.lproj` folders.
    ///
    /// Use it for a baseline folder (the tables published or embedded before) and in tests; the CLI's
    /// discovery may build inputs itself. Subfolders that are not `.lproj` are listed in ``folders`` (for
    /// the layout checks) but not read. A file that cannot be read or parsed becomes
    /// ``Content/unreadable(_:)``.
    /// - Parameters:
    ///   - root: the folder holding the `.lproj` folders.
    ///   - module: the module name for diagnostics.
    ///   - developmentRegion: the development region, for example `en`.
    ///   - displayRoot: the path of `root` as shown in diagnostics (for example relative to the repository
    ///     root); file paths become `displayRoot/fr.lproj/X.strings`.
    /// - Throws: `TableError` with code `io` when `root` cannot be listed.
    public init(contentsOf root: URL, module: String, developmentRegion: String, displayRoot: String) throws {
        let fileManager = FileManager.default
        let names: [String]
        do {
            names = try fileManager.contentsOfDirectory(atPath: root.path).sorted()
        } catch {
            throw TableError(code: TableError.Code(rawValue: "io"), reason: "cannot list the folder: \(error.localizedDescription)", path: displayRoot)
        }
        var files: [File] = []
        var folders: [String] = []
        func load(_ relativePath: String) {
            let url = root.appendingPathComponent(relativePath)
            let display = displayRoot.isEmpty ? relativePath : "\(displayRoot)/\(relativePath)"
            let content: Content
            do {
                content = Content(parsing: try Data(contentsOf: url), path: display)
            } catch {
                content = .unreadable(TableError(code: TableError.Code(rawValue: "io"), reason: "cannot read the file: \(error.localizedDescription).", path: display))
            }
            files.append(File(path: display, relativePath: relativePath, content: content))
        }
        func isTable(_ name: String) -> Bool { TableKind(anyCaseFileName: name) != nil }
        for name in names {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isDirectory) else { continue }
            if !isDirectory.boolValue {
                if isTable(name) { load(name) }
                continue
            }
            folders.append(name)
            guard LocalizationFolder.localization(ofFolder: name) != nil else { continue }
            let inner = (try? fileManager.contentsOfDirectory(atPath: root.appendingPathComponent(name).path)) ?? []
            for file in inner.sorted() where isTable(file) { load("\(name)/\(file)") }
        }
        self.init(module: module, developmentRegion: developmentRegion, files: files, folders: folders, rootPath: displayRoot)
    }
}
