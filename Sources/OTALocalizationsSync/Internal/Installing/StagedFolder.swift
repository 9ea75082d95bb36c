import Foundation
import OTALocalizationsCore
import OTALocalizationsNames
import OTALocalizations

/// A bundle folder being assembled in `tmp/`: each file written new and `fsync`ed, its size and SHA-256 recorded for
/// the seal, which ``seal()`` writes last.
struct StagedFolder {
    let url: URL
    private var sealed: [BundleSeal.File] = []
    private var subfolders: Set<String> = []
    private var created = false

    init(url: URL) {
        self.url = url
    }

    /// Writes `data` at `path` (`Info.plist`, `.ota-slices` or `<name>.lproj/<table>`), creating the folders it needs.
    mutating func write(_ data: Data, path: String) throws(CycleFailure) {
        if !created {
            try DurableFiles.makeNewDirectory(url)
            created = true
        }
        let parts = path.split(separator: "/").map(String.init)
        if parts.count == 2, subfolders.insert(parts[0]).inserted {
            try DurableFiles.makeNewDirectory(url.appendingPathComponent(parts[0], isDirectory: true))
        }
        try DurableFiles.writeNewFile(data, to: url.appendingPathComponent(path, isDirectory: false))
        sealed.append(.init(path: path, size: Int64(data.count), sha256: SHA256Digest.hexString(data)))
    }

    /// Writes the seal over every file written, then `fsync`s the folders.
    mutating func seal() throws(CycleFailure) {
        guard sealed.contains(where: { $0.path == BundlePath.infoPlist }) else {
            throw CycleFailure(.content, "no Info.plist was installed")
        }
        try DurableFiles.writeNewFile(BundleSeal(files: sealed).encoded(), to: url.appendingPathComponent(BundleSeal.fileName))
        for name in subfolders { DurableFiles.syncDirectory(url.appendingPathComponent(name, isDirectory: true)) }
        DurableFiles.syncDirectory(url)
    }
}
