import Foundation
import OTALocalizationsCore

/// Where a published version folder's files are read from, for ``PublishVerifier``: a folder, a host or a bucket.
package protocol PublishedFileReading {
    /// The version folder's app version (its last path component).
    var appVersion: String { get }
    /// Where `name` is, as shown in messages.
    func display(_ name: String) -> String
    /// The bytes of each of `names` (at most `maximumBytes[name]` each), or why there are none; `missing` is true
    /// when the file is not there at all.
    func contents(_ names: [String], maximumBytes: [String: Int64]) -> [String: Result<Data, PublishedFileFailure>]
    /// The headers `names` are stored and served with, where they are apart from the body (a bucket): every commit point
    /// of `channel` read, and each other file unless the commit points vouch for it as publishing `manifest` (every one
    /// when `manifest` is nil); nil where the reader sees no stored headers: a folder (its server sets them), a host
    /// (each body was read as a device reads it, headers and all).
    func storedHeaders(_ names: [String], channel: String?, describing manifest: Manifest?) -> StoredHeaderReading?
}

/// What ``PublishedFileReading/storedHeaders(_:channel:describing:)`` found.
package struct StoredHeaderReading: Sendable {
    /// By name, for each name read: its headers, or why there are none.
    package var results: [String: Result<PublishedHeaders, PublishedFileFailure>]
    /// The names not read: written before the commit points naming them, which are stored as `publish` stores them.
    package var vouched: Set<String>

    package init(results: [String: Result<PublishedHeaders, PublishedFileFailure>], vouched: Set<String>) {
        self.results = results
        self.vouched = vouched
    }
}

/// The headers a published file is stored with that a device or a CDN acts on; nil is a header it does not have.
package struct PublishedHeaders: Sendable, Equatable {
    package var cacheControl: String?
    package var contentEncoding: String?

    package init(cacheControl: String?, contentEncoding: String?) {
        self.cacheControl = cacheControl
        self.contentEncoding = contentEncoding
    }
}

/// Why a published file could not be read.
package struct PublishedFileFailure: Error, Sendable {
    package var message: String
    /// The file is not there (no such file, HTTP 404, no such object).
    package var isMissing: Bool

    package init(message: String, isMissing: Bool) {
        self.message = message
        self.isMissing = isMissing
    }
}
