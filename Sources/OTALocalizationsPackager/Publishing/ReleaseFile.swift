import Foundation
import OTALocalizationsCore

/// One file of a publish: a content-addressed one (a module's ZIP or slice, a part of the published index), which
/// never changes once written, or one of the channel's manifests, written last (docs/hosting.md, "Layout").
package struct ReleaseFile: Sendable, Equatable {
    /// What the file is.
    package enum Kind: String, Sendable {
        /// A module's full ZIP or one of its slices.
        case archive
        /// A part of the published index (`index-*.json.gz`).
        case indexPart = "index-part"
        /// `manifest.json` (format 1) or a channel's `manifest.<channel>.json`.
        case manifest
        /// The manifest's DSSE envelope.
        case envelope
        /// The published index's root, `index.json` (format 2) or `index.<channel>.json`.
        case index
        /// The index root's DSSE envelope.
        case indexEnvelope = "index-envelope"

        /// Whether the file is named by its content (it never changes once written) rather than one of the channel's
        /// manifests (replaced by every publish, written last).
        package var isContentAddressed: Bool { self == .archive || self == .indexPart }
    }

    /// Where the bytes are on this machine.
    enum Source: Sendable, Equatable {
        case file(URL)
        case bytes(Data)
    }

    /// The file name inside the version folder.
    package var name: String
    package var kind: Kind
    /// Bytes.
    package var size: Int64
    /// SHA-256 of the bytes, 64 lowercase hex digits.
    package var sha256: String
    /// The headers an S3 upload sets; a local folder's server sets its own.
    package var headers: ObjectHeaders
    var source: Source

    init(name: String, kind: Kind, bytes: Data, headers: ObjectHeaders) {
        self.init(name: name, kind: kind, size: Int64(bytes.count), sha256: SHA256Digest.hexString(bytes), headers: headers, source: .bytes(bytes))
    }

    init(name: String, kind: Kind, size: Int64, sha256: String, headers: ObjectHeaders, source: Source) {
        self.name = name
        self.kind = kind
        self.size = size
        self.sha256 = sha256
        self.headers = headers
        self.source = source
    }

    /// The file's bytes.
    /// - Throws: ``PackagerError`` `publishFailed` when a local file cannot be read or is no longer what was checked.
    func bytes() throws(PackagerError) -> Data {
        switch source {
        case .bytes(let data):
            return data
        case .file(let url):
            guard let data = FileManager.default.contents(atPath: url.path), Int64(data.count) == size,
                  SHA256Digest.hexString(data) == sha256
            else {
                throw PackagerError(code: .publishFailed, reason: "\(url.path) changed while publishing; publish again")
            }
            return data
        }
    }
}

/// Everything one publish of one channel writes: the content-addressed files first, each checked at the
/// destination, then the channel's manifests in the order devices' commit points need (`manifest.json`, its
/// envelope, `index.json`, its envelope), each a compare-and-swap against what was there when the publish began.
package struct ReleaseFiles: Sendable, Equatable {
    /// The manifest the files describe.
    package var manifest: Manifest
    /// ZIPs, slices and index parts, each once.
    package var contentAddressed: [ReleaseFile]
    /// The channel's manifests, in the order they are written.
    package var manifests: [ReleaseFile]

    /// Every file, content-addressed first.
    package var all: [ReleaseFile] { contentAddressed + manifests }
}
