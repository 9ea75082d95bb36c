import Foundation
import OTALocalizationsNames

extension OTAStorageLayout {
    /// The folder of reader leases, `<storageRoot>/<appVersion>/readers/`: one file per process whose read side
    /// serves installed bundles (the app, and each app extension that shares the storage root through an App Group),
    /// naming the folders it handed out, so that no update cycle, in whatever process, deletes a folder a recent reader
    /// may still be reading (docs/design.md, "On the device").
    package static let readerLeasesFolderName = "readers"
    /// How a lease file's name ends: `<storage name of the bundle identifier>.<process id>.lease`.
    package static let readerLeaseSuffix = ".lease"
    /// The largest lease read, in bytes (500 modules' lines fit in a tenth of it).
    package static let maximumReaderLeaseBytes = 512 * 1024
    /// How long a lease protects its folders after it was last written, in seconds: 24 hours. No lock is held (iOS
    /// terminates a process suspended while it holds a file lock in a shared container: docs/apple-platform.md, K3),
    /// so a lease is live by its age: a process that reads a folder for longer without loading again can lose it.
    public static let readerLeaseLifetimeSeconds: TimeInterval = 24 * 60 * 60

    /// `<storageRoot>/<appVersion>/readers/` (see ``readerLeasesFolderName``).
    package var readerLeasesFolder: URL { versionFolder.appendingPathComponent(Self.readerLeasesFolderName, isDirectory: true) }

    /// The lease file of the process `processIdentifier` of the executable `identifier` names (its bundle identifier,
    /// else its process name): one per process, so that two processes of one app extension never replace each other's.
    package func readerLeaseFile(identifier: String, processIdentifier: Int32) -> URL {
        readerLeasesFolder.appendingPathComponent(
            Self.storageName(forModule: identifier) + ".\(processIdentifier)" + Self.readerLeaseSuffix, isDirectory: false)
    }

    /// The bytes of a lease naming `folders` (standardized paths of installed folders under this layout): one line
    /// per folder, `<storage name>/<folder name>` and a line feed, in byte order. Folders outside ``modulesFolder``
    /// are left out.
    package func readerLeaseContents(_ folders: Set<String>) -> Data {
        let prefix = modulesFolder.standardizedFileURL.path + "/"
        let lines = folders.compactMap { path -> String? in
            guard path.hasPrefix(prefix) else { return nil }
            let relative = path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
            guard relative.count == 2, relative.allSatisfy({ Self.isPlainFileName(String($0)) }) else { return nil }
            return relative.joined(separator: "/")
        }
        return Data(UTF8ByteOrder.sorted(lines).map { $0 + "\n" }.joined().utf8)
    }

    /// The standardized paths a lease names, under this layout; lines not of the shape ``readerLeaseContents(_:)``
    /// writes are ignored. Linear in the lease's size: each line is checked and joined to the modules folder's path.
    package func parseReaderLease(_ data: Data) -> Set<String> {
        let prefix = modulesFolder.standardizedFileURL.path + "/"
        var result: Set<String> = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ Self.isPlainFileName(String($0)) }) else { continue }
            result.insert(prefix + line)
        }
        return result
    }
}
