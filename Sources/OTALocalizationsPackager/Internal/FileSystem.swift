import Foundation
import OTALocalizationsNames

/// Small synchronous file-system helpers for discovery; symbolic links are followed for files only, and only
/// when they resolve inside the repository.
enum FileSystem {
    enum Kind: Equatable {
        case directory, file
        /// Not published, with the reason: a link to a folder or outside the repository, a FIFO, a device, a
        /// dangling link.
        case other(SkipReason)
    }

    /// `rootPath` and `components` joined with `/` (string work only: discovery builds thousands of these).
    static func path(_ rootPath: String, _ components: [String]) -> String {
        components.isEmpty ? rootPath : rootPath + "/" + components.joined(separator: "/")
    }

    /// The size in bytes of the regular file at `url` (not following a final symbolic link), nil for anything else.
    static func size(of url: URL) -> Int64? {
        var info = stat()
        guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(info.st_size)
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// A directory (never through a symbolic link, so cycles are impossible), a regular file (or a link to one
    /// whose target lies inside `root`, or anywhere when `root` is nil), or other with the reason.
    static func kind(of url: URL, within root: URL? = nil) -> Kind {
        kind(ofPath: url.path, within: root)
    }

    /// ``kind(of:within:)`` for a path.
    static func kind(ofPath path: String, within root: URL? = nil) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .other(SkipReason(code: .unreadable, sentence: "cannot be read")) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        case S_IFLNK:
            guard stat(path, &info) == 0 else { return .other(SkipReason(code: .symbolicLink, sentence: "symbolic link to nothing (dangling or a loop)")) }
            guard (info.st_mode & S_IFMT) == S_IFREG else {
                return .other(SkipReason(
                    code: .symbolicLink,
                    sentence: "symbolic link to something that is not a regular file; links to folders are not followed"
                ))
            }
            guard let root else { return .file }
            guard let target = realPath(path), let base = realPath(root.path), target.hasPrefix(base + "/") else {
                return .other(SkipReason(code: .symbolicLink, sentence: "symbolic link to a file outside the repository; it is never read"))
            }
            return .file
        default:
            return .other(SkipReason(code: .notARegularFile, sentence: "not a regular file (FIFO, socket or device)"))
        }
    }

    /// The canonical absolute path (`realpath(3)`), or nil.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(decoding: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)), as: UTF8.self)
    }

    /// Child names sorted by their UTF-8 bytes, so results never depend on directory-listing order.
    static func sortedChildren(of url: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.sorted(by: UTF8ByteOrder.precedes)
    }

    /// Every entry below the folder at `path` that is not a folder, as relative components with its kind, sorted;
    /// folders are descended (never through links).
    static func allFiles(underPath path: String, within root: URL) -> [(components: [String], kind: Kind)] {
        var result: [(components: [String], kind: Kind)] = []
        for entry in DirectoryListing.sortedEntries(ofPath: path) {
            let childKind = kind(of: entry, inFolder: path, within: root)
            if childKind == .directory {
                result += allFiles(underPath: path + "/" + entry.name, within: root).map { ([entry.name] + $0.components, $0.kind) }
            } else {
                result.append(([entry.name], childKind))
            }
        }
        return result
    }

    /// ``kind(ofPath:within:)`` of a listed entry: a folder or regular file as `readdir` reported it, anything else
    /// (a link, an unknown type) through `lstat`.
    static func kind(of entry: DirectoryListing.Entry, inFolder folder: String, within root: URL?) -> Kind {
        switch entry.type {
        case .directory: return .directory
        case .regularFile: return .file
        case .other: return kind(ofPath: folder + "/" + entry.name, within: root)
        }
    }

    /// `url`'s path relative to `root` after resolving `.` and `..` (not links), `""` for the root itself, or nil
    /// when it lies outside.
    static func relativePath(of url: URL, inside root: URL) -> String? {
        let base = root.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        if path == base { return "" }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        guard path.hasPrefix(prefix) else { return nil }
        var relative = String(path.dropFirst(prefix.count))
        while relative.hasSuffix("/") { relative.removeLast() }
        return relative
    }
}
