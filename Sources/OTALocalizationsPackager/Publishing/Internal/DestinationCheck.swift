import Foundation
import OTALocalizationsCore

/// Whether a destination holds each content-addressed file with its bytes: from the listing where it can tell (a
/// folder's SHA-256, an S3 ETag that is the body's MD5), else by reading the objects in bulk and hashing them.
enum DestinationCheck {
    /// What to do with each file: skip it (the destination holds its bytes), upload it (absent), or replace it (the
    /// name holds other bytes).
    static func actions(
        for files: [ReleaseFile], listed: [String: StoredObject], in store: any VersionFolderStore
    ) throws(PackagerError) -> [PublishPlan.Item] {
        var answers: [String: Bool] = [:]
        var unknown: [String] = []
        for file in files {
            guard let object = listed[file.name] else { continue }
            if let holds = try store.holds(file, listed: object) { answers[file.name] = holds } else { unknown.append(file.name) }
        }
        let read = try store.download(unknown)
        for file in files where unknown.contains(file.name) {
            answers[file.name] = read[file.name].map { SHA256Digest.hexString($0) == file.sha256 } ?? false
        }
        return files.map { file in
            let action: PublishPlan.Action
            var note: String?
            switch (listed[file.name], answers[file.name]) {
            case (nil, _): action = .upload
            case (_, true?): action = .skip
            case (let object?, _):
                action = .replace
                note = "\(store.location.display(file.name)) holds \(object.size) bytes that are not this file's \(file.size) "
                    + "(planted, or cut short by a failed upload); it is uploaded again"
            }
            return PublishPlan.Item(name: file.name, kind: file.kind, size: file.size, action: action, headers: file.headers, note: note)
        }
    }

    /// After the uploads: one listing, in which every file must be there with its size, and with its bytes where the
    /// listing can tell (an uploaded file's body was checked by S3 against its SHA-256 as it arrived).
    /// - Returns: The names confirmed, all of them.
    /// - Throws: ``PackagerError`` `publishFailed` naming each file that is not there as it must be; no manifest has
    ///   been written.
    static func confirm(_ files: [ReleaseFile], uploaded: Set<String>, in store: any VersionFolderStore) throws(PackagerError) -> [String] {
        let listed = try store.list()
        var problems: [String] = []
        for file in files {
            guard let object = listed[file.name] else {
                problems.append("\(file.name) is missing")
                continue
            }
            let holds = try store.holds(file, listed: object)
            if holds == false || (holds == nil && !uploaded.contains(file.name) && object.size != file.size) {
                problems.append("\(file.name) is \(object.size) bytes that are not this file's \(file.size)")
            }
        }
        guard problems.isEmpty else {
            throw PackagerError(
                code: .publishFailed,
                reason: "\(store.location) does not hold what was uploaded; no manifest was written. Publish again", details: problems)
        }
        return files.map(\.name)
    }
}
