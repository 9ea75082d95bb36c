import Foundation
import OTALocalizations

/// The reader leases of every process sharing the storage root (``OTAStorageLayout/readerLeasesFolder``): the
/// folders they name are protected from every deletion of the cycle, like the folders this process loaded.
enum ReaderLeases {
    /// The standardized paths the leases of live processes name. A lease (or a lease still being written, `.<name>.tmp`)
    /// whose lock can be taken belongs to a process that ended: it is removed, inside the gate. Only regular files in
    /// a real folder count; anything else there is left alone.
    static func leasedFolders(_ layout: OTAStorageLayout, gate: CommitGate) -> Set<String> {
        let folder = layout.readerLeasesFolder
        // A symbolic link there names somewhere else: nothing in it is a lease, and nothing in it is removed.
        guard DurableFiles.isDirectory(folder) else { return [] }
        var leased: Set<String> = []
        var stale: [URL] = []
        for name in DurableFiles.contents(of: folder) {
            let isLease = name.hasSuffix(OTAStorageLayout.readerLeaseSuffix) && !name.hasPrefix(".")
            let isPending = name.hasPrefix(".") && name.hasSuffix(".tmp")
            guard isLease || isPending else { continue }
            let file = folder.appendingPathComponent(name, isDirectory: false)
            let descriptor = open(file.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
                stale.append(file)
            } else if isLease, let data = DurableFiles.readRegularFile(file, maximumBytes: OTAStorageLayout.maximumReaderLeaseBytes) {
                leased.formUnion(layout.parseReaderLease(data))
            }
        }
        if !stale.isEmpty { gate.attempt { for file in stale { DurableFiles.remove(file) } } }
        return leased
    }
}
