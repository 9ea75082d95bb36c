import Foundation

/// Small synchronous file-system helpers for discovery; symbolic links are followed for files only.
enum FileSystem {
    enum Kind { case directory, file, other }

    static func url(_ root: URL, _ components: [String]) -> URL {
        components.reduce(root) { $0.appendingPathComponent($1) }
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// A directory (never through a symbolic link, so cycles are impossible), a regular file (or a link to one), or other.
    static func kind(of url: URL) -> Kind {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        case S_IFLNK:
            guard stat(url.path, &info) == 0 else { return .other }
            return (info.st_mode & S_IFMT) == S_IFREG ? .file : .other
        default: return .other
        }
    }

    /// Child names sorted by their UTF-8 bytes, so results never depend on directory-listing order.
    static func sortedChildren(of url: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Every file below `url`, as relative components, sorted; folders are descended (not through links).
    static func allFiles(under url: URL) -> [[String]] {
        var result: [[String]] = []
        for name in sortedChildren(of: url) {
            let child = url.appendingPathComponent(name)
            switch kind(of: child) {
            case .file: result.append([name])
            case .directory: result += allFiles(under: child).map { [name] + $0 }
            case .other: continue
            }
        }
        return result
    }
}
