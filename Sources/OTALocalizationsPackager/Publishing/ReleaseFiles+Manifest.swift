import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing

extension ReleaseFiles {
    /// The manifests of `manifest`'s channel, signed with `signingKeys` when there are any, and the parts of the
    /// published index derived from it (``ManifestIndex/build(from:)``); `archives` gives the module ZIPs and slices the
    /// manifest lists (nil: they are already at the destination and are not part of this write).
    ///
    /// - Throws: ``PackagerError`` `io` when zlib cannot initialize.
    static func make(
        _ manifest: Manifest, signingKeys: [ManifestSigningKey], manifestHeaders: ObjectHeaders, archives: [ReleaseFile] = []
    ) throws(PackagerError) -> ReleaseFiles {
        let channel = manifest.channel
        let built: (index: ManifestIndex, files: [IndexPartFile])
        do {
            built = try ManifestIndex.build(from: manifest)
        } catch {
            throw PackagerError(code: .io, reason: "the published index cannot be compressed: \(error)")
        }
        let parts = built.files.map { ReleaseFile(name: $0.name, kind: .indexPart, bytes: $0.bytes, headers: .indexPart) }
        let manifestBytes = manifest.encoded()
        let indexBytes = built.index.encoded()
        var manifests = [ReleaseFile(name: ManifestChannel.manifestFileName(channel: channel), kind: .manifest, bytes: manifestBytes, headers: manifestHeaders)]
        if !signingKeys.isEmpty {
            manifests.append(ReleaseFile(
                name: ManifestChannel.envelopeFileName(channel: channel), kind: .envelope,
                bytes: ManifestEnvelope(signing: manifestBytes, with: signingKeys).encoded(), headers: manifestHeaders))
        }
        manifests.append(ReleaseFile(name: ManifestChannel.indexFileName(channel: channel), kind: .index, bytes: indexBytes, headers: manifestHeaders))
        if !signingKeys.isEmpty {
            manifests.append(ReleaseFile(
                name: ManifestChannel.indexEnvelopeFileName(channel: channel), kind: .indexEnvelope,
                bytes: ManifestEnvelope(signing: indexBytes, with: signingKeys, payloadType: ManifestEnvelope.indexPayloadType).encoded(),
                headers: manifestHeaders))
        }
        return ReleaseFiles(manifest: manifest, contentAddressed: archives + parts, manifests: manifests)
    }
}

extension ObjectHeaders {
    /// A part of the published index: gzip bytes, content-addressed like a ZIP. Never `Content-Encoding: gzip`: the
    /// part's SHA-256 is that of the compressed bytes, which a client must receive as they are.
    package static let indexPart = ObjectHeaders(contentType: "application/gzip", cacheControl: ObjectHeaders.archive.cacheControl)
}
