import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager

/// An `s3://` published location copied to a temporary folder, for the options that read a publish from a path or an
/// http(s) URL (`--baseline`, `--previous`), through the AWS CLI as `publish` and `verify` read it.
///
/// `s3://<bucket>/<prefix>/<version>` names the version folder (its `manifest.json`);
/// `s3://<bucket>/<prefix>/<version>/<name>.json` names one manifest in it.
struct S3PublishedCopy {
    /// The temporary folder the copy is in; ``remove()`` deletes it.
    let folder: URL
    /// What to pass on instead of the `s3://` text: the copied manifest, or with archives the copied version folder.
    let path: String

    /// Copies the manifest `text` names and, with `archives`, every full ZIP it lists; nil when `text` is no `s3://`
    /// location.
    ///
    /// - Throws: ``UsageError`` for an `s3://` text without a bucket; ``PackagerError`` when the AWS CLI cannot read
    ///   it, or the manifest is not there or does not decode.
    static func copy(_ text: String, option: String, archives: Bool) throws -> S3PublishedCopy? {
        guard text.hasPrefix("s3://") else { return nil }
        var trimmed = text
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        let named = trimmed.hasSuffix(".json") ? String(trimmed[trimmed.index(after: trimmed.lastIndex(of: "/")!)...]) : nil
        let folderText = named.map { String(trimmed.dropLast($0.count + 1)) } ?? trimmed
        let place = try ReleaseArguments.location(folderText, option: option)
        let manifestName = named ?? "manifest.json"
        guard let manifestBytes = try PublishedObjects.read([manifestName], from: place)[manifestName] else {
            throw PackagerError(code: .configuration, reason: "\(option) \(place.display(manifestName)): no such object")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ota-s3-\(UUID().uuidString)", isDirectory: true)
        let version = folder.appendingPathComponent(place.lastComponent, isDirectory: true)
        var files = [manifestName: manifestBytes]
        if archives {
            let manifest: Manifest
            do {
                manifest = try Manifest(bytes: manifestBytes)
            } catch {
                throw PackagerError(code: .configuration, reason: "\(option) \(place.display(manifestName)): not a manifest: \(error)")
            }
            let paths = manifest.modules.map(\.path)
            let found = try PublishedObjects.read(paths, from: place)
            for path in paths { files[path] = found[path] }
        }
        do {
            try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
            for (name, data) in files { try data.write(to: version.appendingPathComponent(name)) }
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw PackagerError(code: .configuration, reason: "\(option): cannot copy \(text) to \(folder.path): \(error)")
        }
        return S3PublishedCopy(folder: folder, path: archives ? version.path : version.appendingPathComponent(manifestName).path)
    }

    /// Deletes the copy.
    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
