import Foundation
import OTALocalizationsCore

/// Whether a destination holds each file with its bytes: from the listing where it can tell (a folder's SHA-256, an S3
/// ETag that is the MD5 of these very bytes), else by reading the objects in bulk and hashing them.
enum DestinationCheck {
    /// The names of `files` the destination holds with their bytes.
    static func holding(
        _ files: [ReleaseFile], listed: [String: StoredObject], in store: any VersionFolderStore
    ) throws(PackagerError) -> Set<String> {
        var held: Set<String> = []
        var unknown: [ReleaseFile] = []
        for file in files {
            guard let object = listed[file.name] else { continue }
            switch try store.holds(file, listed: object) {
            case true?: held.insert(file.name)
            case false?: continue
            case nil: unknown.append(file)
            }
        }
        let read = try store.download(unknown.map(\.name))
        for file in unknown where read[file.name].map({ SHA256Digest.hexString($0) == file.sha256 }) == true {
            held.insert(file.name)
        }
        return held
    }

    /// What to do with each file: skip it (the destination holds its bytes), upload it (absent), or replace it (the
    /// name holds other bytes).
    static func actions(
        for files: [ReleaseFile], listed: [String: StoredObject], in store: any VersionFolderStore
    ) throws(PackagerError) -> [PublishPlan.Item] {
        let held = try holding(files, listed: listed, in: store)
        return files.map { file in
            let action: PublishPlan.Action
            var note: String?
            if let object = listed[file.name] {
                if held.contains(file.name) {
                    action = .skip
                } else {
                    action = .replace
                    note = "\(store.location.display(file.name)) holds \(object.size) bytes that are not this file's \(file.size) "
                        + "(planted, or cut short by a failed upload); it is uploaded again"
                }
            } else {
                action = .upload
            }
            return PublishPlan.Item(name: file.name, kind: file.kind, size: file.size, action: action, headers: file.headers, note: note)
        }
    }

    /// After the uploads: one listing, in which every file must be there with its size and its bytes: where the
    /// listing cannot tell, an uploaded file is read back in bulk and hashed (a file not uploaded had its bytes read
    /// by the plan).
    /// - Returns: The names confirmed, all of them.
    /// - Throws: ``PackagerError`` `publishFailed` naming each file that is not there as it must be; no manifest has
    ///   been written.
    static func confirm(_ files: [ReleaseFile], uploaded: Set<String>, in store: any VersionFolderStore) throws(PackagerError) -> [String] {
        let listed = try store.list()
        var problems: [String] = []
        var unknown: [ReleaseFile] = []
        for file in files {
            guard let object = listed[file.name] else {
                problems.append("\(file.name) is missing")
                continue
            }
            switch try store.holds(file, listed: object) {
            case true?: continue
            case false?: problems.append("\(file.name) is \(object.size) bytes that are not this file's \(file.size)")
            case nil: if uploaded.contains(file.name) { unknown.append(file) }
            }
        }
        let read = try store.download(unknown.map(\.name))
        for file in unknown {
            guard let bytes = read[file.name] else {
                problems.append("\(file.name) is missing")
                continue
            }
            let digest = SHA256Digest.hexString(bytes)
            if digest != file.sha256 { problems.append("\(file.name) has SHA-256 \(digest), not this file's \(file.sha256)") }
        }
        guard problems.isEmpty else {
            throw PackagerError(
                code: .publishFailed,
                reason: "\(store.location) does not hold what was uploaded; no manifest was written. Publish again", details: problems)
        }
        return files.map(\.name)
    }
}
