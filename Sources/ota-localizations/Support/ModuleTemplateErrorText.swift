import OTALocalizationsPackager

/// A ``ModuleTemplateError`` worded for `scaffold-module`, whose folder is `--output`.
enum ModuleTemplateErrorText {
    /// The line after `error: `: the library's ``ModuleTemplateError/reason`` but for a folder that is a file and files
    /// that exist, which name `--output`.
    static func message(_ error: ModuleTemplateError) -> String {
        if error.code == .io, error.folderIsAFile, let folder = error.paths.first {
            return "\(folder) is a file; pass a folder with --output"
        }
        if error.code == .fileExists {
            return "not overwriting \(error.paths.joined(separator: ", ")); nothing was written. "
                + "Move or delete \(error.paths.count == 1 ? "it" : "them"), or pass another --output folder"
        }
        return error.reason
    }
}
