import Foundation

/// Where a published version folder's files are read from, for ``PublishVerifier``: a folder, a host or a bucket.
package protocol PublishedFileReading {
    /// The version folder's app version (its last path component).
    var appVersion: String { get }
    /// Where `name` is, as shown in messages.
    func display(_ name: String) -> String
    /// The bytes of each of `names` (at most `maximumBytes[name]` each), or why there are none; `missing` is true
    /// when the file is not there at all.
    func contents(_ names: [String], maximumBytes: [String: Int64]) -> [String: Result<Data, PublishedFileFailure>]
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
