import Foundation
import OTALocalizationsNames

extension OTAStorageLayout {
    /// The file name, at the storage root, of the anti-rollback record: for the running app version and each release
    /// channel, the newest `publishedAt` any module was installed from. A manifest older than it is ignored as
    /// `stale`; deleting every bundle keeps it, so that the kill switch never re-opens the door to an older publish
    /// (docs/signing.md).
    public static let antiRollbackFileName = ".ota-anti-rollback.json"
    /// The file name, beside a module's `current`, of the vouch record: the installed folder that a trusted signing
    /// key vouched for, and that key's keyid. With trusted keys, the read side serves only a folder it names.
    package static let vouchRecordFileName = "vouched"
    /// What deleting every bundle keeps at the storage root: the tools' lock file, the install ID and the anti-rollback
    /// record. None of them holds text.
    public static let keptByDeletion: Set<String> = [lockFileName, installIDFileName, antiRollbackFileName]
    /// What deleting every bundle keeps in each app-version folder: the crash-loop guard's quarantine records, so that a
    /// publish that crashed the app is not served again after the kill switch. It holds no text.
    public static let keptInVersionFolderByDeletion: Set<String> = [quarantineFileName]

    /// `<storageRoot>/.ota-anti-rollback.json` (see ``antiRollbackFileName``).
    package var antiRollbackFile: URL { storageRoot.appendingPathComponent(Self.antiRollbackFileName, isDirectory: false) }

    /// `modules/<storage name>/vouched` (see ``vouchRecordFileName``).
    package func vouchRecordFile(module: String) -> URL {
        moduleFolder(module).appendingPathComponent(Self.vouchRecordFileName, isDirectory: false)
    }

    /// The exact bytes of a vouch record: the installed folder's name, one space, the keyid (64 lowercase hex digits)
    /// and a line feed.
    package static func vouchRecordContents(folderName: String, keyID: String) -> Data {
        Data("\(folderName) \(keyID)\n".utf8)
    }

    /// The folder name and keyid a vouch record holds, or nil unless `data` is exactly what
    /// ``vouchRecordContents(folderName:keyID:)`` writes for a folder name ``folderHash(ofInstallFolderName:)`` accepts.
    package static func parseVouchRecord(_ data: Data) -> (folderName: String, keyID: String)? {
        guard data.count <= 138, data.last == 0x0A else { return nil }
        let parts = data.dropLast().split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 64, parts[1].allSatisfy(LowercaseHex.isDigit) else { return nil }
        let folder = String(decoding: parts[0], as: UTF8.self)
        guard folderHash(ofInstallFolderName: folder) != nil else { return nil }
        return (folder, String(decoding: parts[1], as: UTF8.self))
    }
}
