import Foundation
import OTALocalizationsSync

/// A transport that passes every request to another one and notes whether the last response with a body (status 200)
/// to a publish's root (`index.json`, `manifest.json`, their envelopes or a channel's files) carried an `ETag`, and
/// which file it was, for `sync`'s hint: without one the client cannot revalidate, so every cycle downloads the whole
/// root again (docs/hosting.md, "Cache-Control and ETags"). It also notes the last root request's URL and HTTP status, so
/// that `sync` can name what failed and give the hints of a `403` or a `404` from the status, not from the report's text.
///
/// Safe to call concurrently, as ``HTTPTransport`` requires: the note is behind a lock.
final class ManifestETagProbe: HTTPTransport, @unchecked Sendable {
    private let base: any HTTPTransport
    private let lock = NSLock()
    private var sentETag: Bool?
    private var file: String?

    init(_ base: any HTTPTransport) {
        self.base = base
    }

    /// True or false for the last 200 response to a root request; nil when there was none (a 304, an error).
    var manifestHadETag: Bool? {
        lock.lock()
        defer { lock.unlock() }
        return sentETag
    }

    /// The file name of that response (`index.json`, `manifest.json`, …).
    var manifestFile: String? {
        lock.lock()
        defer { lock.unlock() }
        return file
    }

    private func record(_ present: Bool, _ name: String) {
        lock.lock()
        defer { lock.unlock() }
        sentETag = present
        file = name
    }

    /// The URL of the last root request (answered or not), as the service sent it.
    var lastRootURL: URL? {
        lock.lock()
        defer { lock.unlock() }
        return lastRequested
    }
    private var lastRequested: URL?

    /// The HTTP status of the last root request; nil when it got no response (a transport error) or none was sent.
    var lastRootStatus: Int? {
        lock.lock()
        defer { lock.unlock() }
        return lastStatus
    }
    private var lastStatus: Int?

    func get(_ url: URL, headers: [String: String], timeout: TimeInterval, maximumBytes: Int64?) async throws -> HTTPResponse {
        let name = url.lastPathComponent
        let isRoot = (name.hasPrefix("manifest.") || name.hasPrefix("index.")) && name.hasSuffix(".json")
        if isRoot {
            lock.withLock {
                lastRequested = url
                lastStatus = nil
            }
        }
        let response = try await base.get(url, headers: headers, timeout: timeout, maximumBytes: maximumBytes)
        if isRoot { lock.withLock { lastStatus = response.statusCode } }
        if isRoot, response.statusCode == 200 {
            record(!(response.value(forHeader: "ETag") ?? "").isEmpty, name)
        }
        return response
    }
}
