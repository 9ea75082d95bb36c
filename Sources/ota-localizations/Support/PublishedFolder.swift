import Dispatch
import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager
import OTALocalizationsSync

/// A published version folder read as a device reads it: on disk (`<output>/<version>`), on a host
/// (`https://cdn/base/<version>`: whole bodies, status 200 only), or in S3 (`s3://bucket/prefix/<version>`, through
/// the AWS CLI as `publish` writes it).
struct PublishedFolder {
    enum Location {
        case folder(URL)
        case http(URL)
        case s3(PublishLocation)
    }

    let location: Location
    /// The longest one GET may take in all, in seconds (the service's `maximumRequestSeconds`, 120 s by default): a host
    /// that trickles bytes never trips the idle timeout, so this ends the request.
    var maximumRequestSeconds = OTALocalizationServiceConfiguration.defaultMaximumRequestSeconds
    /// Set once a GET ran past its deadline: the host is not asked again, since the transfer it left running (a
    /// redirect's endless body, read whole on Linux, docs/apple-platform.md X9) may hold the session's queue for ever.
    private let overrun = Overrun()

    /// `text` as an http(s) URL, an `s3://` location, or a folder path.
    /// - Throws: ``UsageError`` for an `s3://` text without a bucket.
    init(_ text: String) throws {
        if text.hasPrefix("http://") || text.hasPrefix("https://"), let url = URL(string: text) {
            location = .http(url)
        } else if text.hasPrefix("s3://") {
            location = .s3(try ReleaseArguments.location(text, option: "<version-dir or URL>"))
        } else {
            location = .folder(URL(fileURLWithPath: text, isDirectory: true))
        }
    }

    /// The folder's last path component: the app version it is published for.
    var appVersion: String {
        switch location {
        case .folder(let url), .http(let url): url.standardized.lastPathComponent
        case .s3(let place): place.lastComponent
        }
    }

    /// Where `name` is, as shown in messages.
    func display(_ name: String) -> String {
        switch location {
        case .folder(let url): url.appendingPathComponent(name).path
        case .http: url(name).absoluteString
        case .s3(let place): place.display(name)
        }
    }

    /// Why a file could not be read; `isMissing` for a file that is not there (no file, HTTP 404, no object).
    struct ReadFailure: Error {
        var message: String
        var isMissing = false
    }

    /// The bytes of `name`, or why there are none.
    func read(_ name: String, maximumBytes: Int64) -> Result<Data, ReadFailure> {
        read([name], maximumBytes: [name: maximumBytes])[name] ?? .failure(ReadFailure(message: "\(display(name)): cannot be read"))
    }

    /// The bytes of each of `names` (from S3 in one download), or why there are none.
    func read(_ names: [String], maximumBytes: [String: Int64]) -> [String: Result<Data, ReadFailure>] {
        var results: [String: Result<Data, ReadFailure>] = [:]
        switch location {
        case .folder(let folder):
            for name in names {
                let file = folder.appendingPathComponent(name)
                if let data = FileManager.default.contents(atPath: file.path) {
                    results[name] = .success(data)
                } else {
                    let missing = !FileManager.default.fileExists(atPath: file.path)
                    results[name] = .failure(ReadFailure(message: "\(file.path): " + (missing ? "no such file" : "cannot be read"), isMissing: missing))
                }
            }
        case .http:
            for name in names { results[name] = get(name, maximumBytes: maximumBytes[name] ?? ManifestEnvelope.maximumBytes) }
        case .s3(let place):
            do {
                let found = try PublishedObjects.read(names, from: place)
                for name in names {
                    results[name] = found[name].map { .success($0) }
                        ?? .failure(ReadFailure(message: "\(display(name)): no such object", isMissing: true))
                }
            } catch {
                for name in names { results[name] = .failure(ReadFailure(message: "\(display(name)): \(error.reason)")) }
            }
        }
        return results
    }

    private func url(_ name: String) -> URL {
        guard case .http(let base) = location else { return URL(fileURLWithPath: name) }
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        let encoded = name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? name
        return URL(string: text + "/" + encoded) ?? base
    }

    private func get(_ name: String, maximumBytes: Int64) -> Result<Data, ReadFailure> {
        let target = url(name)
        if let earlier = overrun.url {
            return .failure(ReadFailure(message: "GET \(target.absoluteString): not asked: GET \(earlier) ran past "
                + "--request-deadline, so the host is not asked again"))
        }
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        let request = Task {
            do {
                let response = try await URLSessionTransport(userAgent: URLSessionTransport.packageUserAgent).get(
                    target, headers: [:], timeout: OTALocalizationServiceConfiguration.defaultRequestTimeout, maximumBytes: maximumBytes)
                box.value = response.statusCode == 200
                    ? .success(response.body)
                    : .failure(ReadFailure(message: "GET \(target.absoluteString): HTTP status \(response.statusCode)", isMissing: response.statusCode == 404))
            } catch {
                box.value = .failure(ReadFailure(message: "GET \(target.absoluteString): \(error)"))
            }
            done.signal()
        }
        guard done.wait(timeout: .now() + maximumRequestSeconds) == .success else {
            overrun.url = target.absoluteString
            request.cancel()
            return .failure(ReadFailure(message: "GET \(target.absoluteString): timed-out: no whole response within "
                + "\(Self.text(maximumRequestSeconds)) s (--request-deadline)"))
        }
        return box.value ?? .failure(ReadFailure(message: "GET \(target.absoluteString): no response"))
    }

    /// `30` for 30 seconds, `2.5` for two and a half.
    private static func text(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    /// The first URL whose GET ran past the deadline; shared by the copies of a folder.
    private final class Overrun: @unchecked Sendable {
        private let lock = NSLock()
        private var first: String?
        var url: String? {
            get { lock.withLock { first } }
            set { lock.withLock { if first == nil { first = newValue } } }
        }
    }

    private final class ResultBox: @unchecked Sendable {
        var value: Result<Data, ReadFailure>?
    }
}
