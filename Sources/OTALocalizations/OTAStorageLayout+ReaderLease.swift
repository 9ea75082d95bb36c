import Foundation
import OTALocalizationsNames

extension OTAStorageLayout {
    /// The folder of reader leases, `<storageRoot>/<appVersion>/readers/`: one file per process whose read side serves
    /// installed bundles (the app, and each app extension that shares the storage root through an App Group), so that
    /// no update cycle, in whatever process, deletes a folder another live process reads (docs/design.md, "On the
    /// device").
    public static let readerLeasesFolderName = "readers"
    /// How a lease file's name ends: `<32 lowercase hex digits>.lease`.
    package static let readerLeaseSuffix = ".lease"
    /// The largest lease read, in bytes (500 modules' lines fit in a tenth of it).
    package static let maximumReaderLeaseBytes = 512 * 1024

    /// `<storageRoot>/<appVersion>/readers/` (see ``readerLeasesFolderName``).
    public var readerLeasesFolder: URL { versionFolder.appendingPathComponent(Self.readerLeasesFolderName, isDirectory: true) }

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
        return Data(lines.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { $0 + "\n" }.joined().utf8)
    }

    /// The standardized paths a lease names, under this layout; lines not of the shape ``readerLeaseContents(_:)``
    /// writes are ignored.
    package func parseReaderLease(_ data: Data) -> Set<String> {
        var result: Set<String> = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, parts.allSatisfy(Self.isPlainFileName) else { continue }
            result.insert(modulesFolder.appendingPathComponent(parts[0], isDirectory: true)
                .appendingPathComponent(parts[1], isDirectory: true).standardizedFileURL.path)
        }
        return result
    }
}
