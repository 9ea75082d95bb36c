import Foundation
import OTALocalizationsCore

extension ReleaseFiles {
    /// The files of channel `channel` in a version folder `package` wrote, checked: the manifest decodes, is for the
    /// folder's app version and channel, and every ZIP and slice it lists is in the folder with the listed size and
    /// SHA-256; the published index and its parts are the ones the manifest gives (``ManifestIndex/build(from:)``);
    /// an envelope beside a manifest signs exactly its bytes, and a signed manifest has its signed index beside it.
    ///
    /// - Throws: ``PackagerError`` `refused` naming what does not match, with what to do.
    static func local(_ folder: URL, channel: String?, manifestHeaders: ObjectHeaders) throws(PackagerError) -> ReleaseFiles {
        let source = LocalFolderStore(folder: folder)
        let manifestName = ManifestChannel.manifestFileName(channel: channel)
        guard let (manifest, manifestBytes) = try ManifestFiles.read(manifestName, channel: channel, from: source) else {
            throw missingManifest(folder, channel: channel)
        }
        var archives: [ReleaseFile] = []
        for file in ManifestFiles.listed(by: manifest) {
            let url = folder.appendingPathComponent(file.path)
            guard let digest = try? SHA256Digest.hexString(ofFileAt: url), FileSystem.size(of: url) == file.size else {
                throw PackagerError(code: .refused, reason: "\(url.path): listed by \(manifestName) but missing or not a file; package the version again")
            }
            guard digest == file.sha256 else {
                throw PackagerError(code: .refused, reason: "\(url.path): its SHA-256 is not what \(manifestName) lists; package the version again")
            }
            archives.append(ReleaseFile(name: file.path, kind: .archive, size: file.size, sha256: digest, headers: .archive, source: .file(url)))
        }
        var derived = try make(manifest, signingKeys: [], manifestHeaders: manifestHeaders, archives: archives)
        derived.manifests[0] = ReleaseFile(name: manifestName, kind: .manifest, bytes: manifestBytes, headers: manifestHeaders)
        let index = derived.manifests[1]
        if let local = try source.read(index.name), try local != index.bytes() {
            throw PackagerError(code: .refused, reason: "\(folder.appendingPathComponent(index.name).path) does not describe \(manifestName) beside it; package the version again")
        }
        let envelopeName = ManifestChannel.envelopeFileName(channel: channel)
        guard let envelope = try source.read(envelopeName) else { return derived }
        try checkEnvelope(envelope, signs: manifestBytes, type: ManifestEnvelope.payloadType, shownAs: folder.appendingPathComponent(envelopeName).path, beside: manifestName)
        let indexEnvelopeName = ManifestChannel.indexEnvelopeFileName(channel: channel)
        guard let indexEnvelope = try source.read(indexEnvelopeName) else {
            throw PackagerError(
                code: .refused,
                reason: "\(folder.appendingPathComponent(envelopeName).path) is there but \(indexEnvelopeName) is not: devices with trusted keys read the signed index first. Package the version again with this version of ota-localizations")
        }
        try checkEnvelope(indexEnvelope, signs: try index.bytes(), type: ManifestEnvelope.indexPayloadType, shownAs: folder.appendingPathComponent(indexEnvelopeName).path, beside: index.name)
        derived.manifests = [
            derived.manifests[0],
            ReleaseFile(name: envelopeName, kind: .envelope, bytes: envelope, headers: manifestHeaders),
            index,
            ReleaseFile(name: indexEnvelopeName, kind: .indexEnvelope, bytes: indexEnvelope, headers: manifestHeaders),
        ]
        return derived
    }

    private static func checkEnvelope(_ envelope: Data, signs payload: Data, type: String, shownAs path: String, beside name: String) throws(PackagerError) {
        guard (try? ManifestEnvelope(bytes: envelope, payloadType: type).payload) == payload else {
            throw PackagerError(code: .refused, reason: "\(path) does not sign \(name) beside it; package the version again")
        }
    }

    /// `refused`: no manifest of `channel` in `folder`; field `channel` (the other channel's name in
    /// ``PackagerError/Facts/value``) when the folder holds only one other channel's manifest.
    private static func missingManifest(_ folder: URL, channel: String?) -> PackagerError {
        let name = ManifestChannel.manifestFileName(channel: channel)
        let others = FileSystem.sortedChildren(of: folder).filter {
            $0.hasPrefix("manifest.") && $0.hasSuffix(".json") && !$0.hasSuffix(".dsse.json") && $0 != name
        }
        if channel == nil, others.count == 1, let only = others.first {
            let found = String(only.dropFirst("manifest.".count).dropLast(".json".count))
            let problem = "\(folder.appendingPathComponent(name).path): no such file, but the folder holds \(only)"
            return PackagerError(
                code: .refused, reason: "\(problem): publish it as channel \(found)", field: .channel,
                facts: PackagerError.Facts(value: found, problem: problem))
        }
        return PackagerError(
            code: .refused,
            reason: "\(folder.appendingPathComponent(name).path): no such file; give the version folder 'package' wrote "
                + "(<output>/<version>)" + (channel.map { " for channel \($0)" } ?? ""),
            field: channel == nil ? nil : .channel,
            facts: PackagerError.Facts(value: channel, location: folder.appendingPathComponent(name).path))
    }
}
