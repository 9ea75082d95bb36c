import Foundation
import OTALocalizationsSync

/// A transport that passes every request to another one and notes whether the last manifest response (`manifest.json`,
/// `manifest.dsse.json` or a channel's `manifest.<channel>[.dsse].json`) with a
/// body (status 200) carried an `ETag`, for `sync`'s hint: without one the client cannot revalidate, so every cycle
/// downloads the whole manifest (docs/hosting.md, "Cache-Control and ETags").
///
/// Safe to call concurrently, as ``HTTPTransport`` requires: the note is behind a lock.
final class ManifestETagProbe: HTTPTransport, @unchecked Sendable {
    private let base: any HTTPTransport
    private let lock = NSLock()
    private var sentETag: Bool?

    init(_ base: any HTTPTransport) {
        self.base = base
    }

    /// True or false for the last 200 response to a `manifest.json` request; nil when there was none (a 304, an
    /// error).
    var manifestHadETag: Bool? {
        lock.lock()
        defer { lock.unlock() }
        return sentETag
    }

    private func record(_ present: Bool) {
        lock.lock()
        defer { lock.unlock() }
        sentETag = present
    }

    func get(_ url: URL, headers: [String: String], timeout: TimeInterval, maximumBytes: Int64?) async throws -> HTTPResponse {
        let response = try await base.get(url, headers: headers, timeout: timeout, maximumBytes: maximumBytes)
        let name = url.lastPathComponent
        if name.hasPrefix("manifest."), name.hasSuffix(".json"), response.statusCode == 200 {
            record(!(response.value(forHeader: "ETag") ?? "").isEmpty)
        }
        return response
    }
}
