import Foundation

extension OTAStorageLayout {
    /// The install folder `module`'s `current` pointer (``currentPointerFile(module:)``) names, or nil when the
    /// pointer is missing, unreadable, longer than a pointer can be, or not exactly what ``parseCurrentPointer(_:)``
    /// accepts.
    ///
    /// Reads one small file and nothing else: the folder itself may still be missing or incomplete. This is the one
    /// reading of the pointer that the read side (at launch) and the update cycle share. Safe from any thread.
    package func activeInstallFolder(module: String) -> URL? {
        BundleDiskLoader.pointedFolderName(currentPointerFile(module: module).path).map {
            installFolder(module: module, folderName: $0)
        }
    }
}
