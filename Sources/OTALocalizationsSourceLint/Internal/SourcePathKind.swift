import Foundation

/// What a path given to, or met by, the source walk is: `lstat(2)`, with symbolic links followed to regular files
/// only, so walking a tree never enters a linked folder (no cycles) but a linked Swift file is still read.
enum SourcePathKind: Equatable {
    case directory, file, other

    /// The kind of the entry at `path`; a path given directly that is a link to a folder is `directory` when
    /// `followingFolderLinks`.
    init(_ path: String, followingFolderLinks: Bool = false) {
        var info = stat()
        if followingFolderLinks, stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            self = .directory
            return
        }
        guard lstat(path, &info) == 0 else {
            self = .other
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: self = .directory
        case S_IFREG: self = .file
        case S_IFLNK: self = stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? .file : .other
        default: self = .other
        }
    }

    /// Child names of the folder at `url`, sorted by their UTF-8 bytes so the order never depends on the listing.
    static func sortedChildren(of url: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
