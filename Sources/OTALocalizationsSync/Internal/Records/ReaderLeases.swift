import Foundation
import OTALocalizations

/// The reader leases of every executable sharing the storage root (``OTAStorageLayout/readerLeasesFolder``): the
/// folders a live lease names are protected from every deletion of the cycle, like the folders this process loaded.
enum ReaderLeases {
    /// The standardized paths the live leases name: regular files ending in `.lease`, written less than
    /// ``OTAStorageLayout/readerLeaseLifetimeSeconds`` ago. An older lease (or one dated more than that in the future,
    /// by a clock set back), and a temporary file a killed writer left (`.<name>.tmp`) as old, are removed, inside the
    /// gate. Anything else there, and a `readers` that is not a real folder, is left alone.
    static func leasedFolders(_ layout: OTAStorageLayout, gate: CommitGate, now: Date = Date()) -> Set<String> {
        let folder = layout.readerLeasesFolder
        guard DurableFiles.isDirectory(folder) else { return [] }
        let lifetime = OTAStorageLayout.readerLeaseLifetimeSeconds
        var leased: Set<String> = []
        var stale: [URL] = []
        for name in DurableFiles.contents(of: folder) {
            let isLease = name.hasSuffix(OTAStorageLayout.readerLeaseSuffix) && !name.hasPrefix(".")
            let isTemporary = name.hasPrefix(".") && name.hasSuffix(".tmp")
            guard isLease || isTemporary else { continue }
            let file = folder.appendingPathComponent(name, isDirectory: false)
            guard let stat = FileStat(path: file.path), stat.mode & UInt32(S_IFMT) == UInt32(S_IFREG) else { continue }
            let age = now.timeIntervalSince1970 - TimeInterval(stat.modified)
            if age > lifetime || age < -lifetime {
                stale.append(file)
            } else if isLease, let data = SmallFile.read(file.path, maximumBytes: OTAStorageLayout.maximumReaderLeaseBytes) {
                leased.formUnion(layout.parseReaderLease(data))
            }
        }
        if !stale.isEmpty { gate.attempt { for file in stale { DurableFiles.remove(file) } } }
        return leased
    }
}
