import Foundation

/// What is at a path of the storage root, told by `lstat(2)`: the one place that says how the read side, the service
/// and the tools treat a symbolic link there.
///
/// The storage root's symbolic-link policy (docs/design.md, "The crash-loop guard"; docs/operations.md, the lock
/// file): nothing the project writes there is a symbolic link, so one found there was planted, and it redirects
/// nothing.
/// - Asking what is at a path never follows a final symbolic link: a link is ``other``, whatever it names.
/// - Reading never goes through one: ``SmallFile`` opens with `O_NOFOLLOW` and reads regular files only.
/// - Writing never goes through one: files are created new (`O_EXCL`, or `O_NOFOLLOW`) and renamed into place, and
///   anything of the wrong kind at a path the service or the lock writes (a link, a FIFO, a folder where a file
///   belongs, a file where a folder belongs) is first moved aside to a trash name (``moveAside(_:storageRoot:)``),
///   removed by a later cycle or `delete`.
package enum StorageEntry: Equatable {
    /// Nothing `lstat(2)` can see.
    case missing
    case regularFile
    case directory
    /// A symbolic link (dangling or not), a FIFO, a socket or a device.
    case other

    /// What is at `path`, a final symbolic link not followed.
    package init(atPath path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            self = .missing
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: self = .regularFile
        case S_IFDIR: self = .directory
        default: self = .other
        }
    }

    /// Makes whatever is at `path` unreachable there with one atomic `rename(2)` to a new trash name at
    /// `storageRoot` (``OTAStorageLayout/newTrashURL(in:)``), a symbolic link itself and never what it names.
    ///
    /// - Returns: The trash URL it now has, or nil when nothing was moved (nothing is there, or the rename failed).
    package static func moveAside(_ path: String, storageRoot: URL) -> URL? {
        let trash = OTAStorageLayout.newTrashURL(in: storageRoot)
        return rename(path, trash.path) == 0 ? trash : nil
    }
}
