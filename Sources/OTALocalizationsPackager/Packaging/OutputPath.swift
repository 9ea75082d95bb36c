import Foundation

/// Says in words why a folder or file cannot be made at a path, before anything is written, so a CLI error is one
/// line ("… is a file, not a folder") instead of a Foundation error code.
///
/// Only the path's shape is checked (what exists, and whether it is a folder); permissions show when writing.
/// Symbolic links are followed, as creating a folder would. Callable from any thread.
public enum OutputPath {
    /// Nil when `folder` is a folder or could be created with its missing parents; else why not: the path or one
    /// of its ancestors is something other than a folder.
    public static func problem(creatingFolder folder: URL) -> String? {
        var current = folder.standardizedFileURL
        while true {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: current.path, isDirectory: &isDirectory) {
                if isDirectory.boolValue { return nil }
                return current.path == folder.standardizedFileURL.path
                    ? "\(current.path) is a file, not a folder"
                    : "\(current.path) is a file, so the folder \(folder.path) cannot be created inside it"
            }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }

    /// Nil when a file can be written at `file` as far as the path goes: it is not a folder and its folder exists.
    public static func problem(writingFile file: URL) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "\(file.path) is a folder; give a file name"
        }
        let folder = file.deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            return isDirectory.boolValue ? nil : "\(folder.path) is a file, not a folder"
        }
        return problem(creatingFolder: folder) ?? "the folder \(folder.path) does not exist; create it first"
    }
}
