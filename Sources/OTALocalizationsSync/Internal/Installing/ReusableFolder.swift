import Foundation
import OTALocalizationsNames
import OTALocalizations
import OTALocalizationsCore

/// A module's active folder, assembled from slices, whose files can be copied into a new install instead of being
/// downloaded again: a one-string fix in `fr` then costs a French device the `fr` slice alone.
///
/// A slice is reused only when the folder's record (``SliceRecord``) hashes to the folder's name and names the same
/// slice SHA-256, and each of its files reads back with the size and SHA-256 its seal lists; anything else is
/// downloaded.
struct ReusableFolder {
    private let folder: URL
    private let record: SliceRecord
    private let seal: BundleSeal

    init?(_ folder: URL?, developmentRegion: String) {
        guard let folder,
              let recordData = SmallFile.read(folder.appendingPathComponent(SliceRecord.fileName).path, maximumBytes: SliceRecord.maximumBytes),
              OTAStorageLayout.folderHash(ofInstallFolderName: folder.lastPathComponent) == SHA256Digest.hexString(recordData),
              let record = SliceRecord(parsing: recordData), record.developmentRegion == developmentRegion,
              let sealData = SmallFile.read(folder.appendingPathComponent(BundleSeal.fileName).path, maximumBytes: BundleSeal.maximumBytes),
              let seal = BundleSeal(parsing: sealData)
        else { return nil }
        self.folder = folder
        self.record = record
        self.seal = seal
    }

    /// The files of `part` (base: `Info.plist` excepted, which is always written in its canonical form), or nil when
    /// the folder does not hold that slice intact.
    func files(of part: SlicePlan.Part, in plan: SlicePlan) -> [(path: String, data: Data)]? {
        let held = part.localization.map { record.localizations[$0] } ?? record.baseSHA256
        guard held == part.slice.sha256 else { return nil }
        var files: [(path: String, data: Data)] = []
        for file in seal.files where file.path != SliceRecord.fileName && SlicePlan.belongs(file.path, toSlice: part.localization, developmentRegion: plan.record.developmentRegion) {
            guard let data = SmallFile.read(folder.appendingPathComponent(file.path).path, maximumBytes: Int(clamping: file.size)),
                  Int64(data.count) == file.size, SHA256Digest.hexString(data) == file.sha256
            else { return nil }
            if file.path == BundlePath.infoPlist {
                files.append((file.path, BundleInfoPlist.bytes(developmentRegion: record.developmentRegion)))
            } else {
                files.append((file.path, data))
            }
        }
        return files
    }
}
