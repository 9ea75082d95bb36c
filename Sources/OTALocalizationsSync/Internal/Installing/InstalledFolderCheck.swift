import Foundation
import OTALocalizationsNames
import OTALocalizations
import OTALocalizationsCore

/// The update cycle's full check of an installed folder against its seal (``BundleSeal``): the thorough
/// counterpart of the read side's launch-path check.
///
/// Intact means: the seal parses; the folder holds exactly the sealed files, the seal and the `.lproj` folders
/// that contain them (nothing more: an extra root table would hide the `.lproj` copies, docs/apple-platform.md F4);
/// every sealed path is a regular file (no symbolic link) with the sealed size and SHA-256; and `Info.plist` is
/// byte for byte the canonical one for the manifest's development region. Reads every file once, one at a time.
/// Measured cost: docs/benchmarks.md ("After the failure-path work").
package enum InstalledFolderCheck {
    /// Whether `folder` is intact for a manifest whose development region is `developmentRegion`. With `sliced`, the
    /// folder must be one assembled from slices: its record (``SliceRecord``) is sealed, at most the
    /// ``SliceRecord/maximumBytes`` the read side reads, and its SHA-256 is the folder's name, so a record edited after
    /// the install, removed, or too large fails the check (the read side decides coverage from it).
    package static func isIntact(_ folder: URL, developmentRegion: String, sliced: Bool = false) -> Bool {
        // Path strings, not URLs: URL arithmetic on storage names (they hold `%`) costs more than the reads.
        let root = folder.path
        guard let sealData = SmallFile.read(root + "/" + BundleSeal.fileName, maximumBytes: BundleSeal.maximumBytes),
              let seal = BundleSeal(parsing: sealData)
        else { return false }
        // The listing: root = Info.plist, the seal, and the .lproj folders; each .lproj folder = its sealed tables.
        var expected: [String: Set<String>] = ["": [BundleSeal.fileName]]
        for file in seal.files {
            let parts = file.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            switch parts.count {
            case 1:
                expected[""]!.insert(parts[0])
            case 2:
                expected[""]!.insert(parts[0])
                expected[parts[0], default: []].insert(parts[1])
            default:
                return false
            }
        }
        for (subfolder, names) in expected {
            let path = subfolder.isEmpty ? root : root + "/" + subfolder
            guard DurableFiles.isDirectory(atPath: path), let listed = DurableFiles.names(inDirectoryAtPath: path),
                  listed.count == names.count, Set(listed) == names
            else { return false }
        }
        let record = seal.files.first { $0.path == SliceRecord.fileName }
        guard (record != nil) == sliced, (record?.size ?? 0) <= Int64(SliceRecord.maximumBytes) else { return false }
        if let record, OTAStorageLayout.folderHash(ofInstallFolderName: folder.lastPathComponent) != record.sha256 {
            return false
        }
        let canonicalInfoPlist = BundleInfoPlist.bytes(developmentRegion: developmentRegion)
        for file in seal.files {
            guard let data = SmallFile.read(root + "/" + file.path, maximumBytes: Int(clamping: file.size)),
                  Int64(data.count) == file.size, SHA256Digest.hexString(data) == file.sha256
            else { return false }
            if file.path == BundlePath.infoPlist, data != canonicalInfoPlist { return false }
        }
        return true
    }
}
