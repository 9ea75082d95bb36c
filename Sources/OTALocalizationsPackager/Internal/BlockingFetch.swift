import Dispatch
import Foundation
import OTALocalizationsSync

/// Reads a file or downloads an `http(s)` URL within a size limit and a deadline, blocking the calling thread (a
/// command-line tool's main thread).
///
/// `Data(contentsOf:)` cannot read `http(s)` URLs on Linux's Foundation, so remote URLs go through
/// `URLSessionTransport`, the app's own transport: the limit holds on the bytes as they arrive (gzip counted
/// decoded, other codings refused), and a GET still running at the deadline is cancelled.
enum BlockingFetch {
    struct Failure: Error, CustomStringConvertible {
        var description: String
        /// The HTTP status of a response other than 200, nil for any other failure.
        var httpStatus: Int?
    }

    /// When a reading (one file, or every file of a published version) must be over.
    struct Deadline: Sendable {
        /// The limit, in seconds, and its name, for the message.
        let seconds: TimeInterval
        let name: String
        private let end: DispatchTime

        init(seconds: TimeInterval, name: String) {
            self.seconds = seconds
            self.name = name
            end = .now() + seconds
        }

        /// Seconds left, 0 once passed.
        var remaining: TimeInterval {
            let now = DispatchTime.now()
            return now >= end ? 0 : Double(end.uptimeNanoseconds - now.uptimeNanoseconds) / 1e9
        }

        /// `timed-out: the reading took longer than 300 s (maximumSeconds)`.
        var passedText: String {
            let text = seconds == seconds.rounded() && seconds < 1e15 ? String(Int64(seconds)) : String(seconds)
            return "timed-out: the reading took longer than \(text) s (\(name))"
        }

        /// - Throws: ``Failure`` naming `what` once the deadline has passed.
        func check(_ what: String) throws {
            if remaining <= 0 { throw Failure(description: "\(what): \(passedText)") }
        }
    }

    /// The bytes at `url`: a local file, or the body of a `200` response, of at most `maximumBytes` (nil: no limit)
    /// and before `deadline`; each GET is also given up after `idleTimeout` seconds without a byte.
    ///
    /// - Throws: ``Failure`` naming the file or URL and what went wrong (missing, unreadable, over the limit, a
    ///   status other than 200, a transport error, the deadline).
    static func data(from url: URL, maximumBytes: Int64?, deadline: Deadline, idleTimeout: TimeInterval = 30) throws -> Data {
        guard url.scheme == "http" || url.scheme == "https" else {
            return try file(url, maximumBytes: maximumBytes)
        }
        try deadline.check(url.absoluteString)
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        let task = Task {
            do {
                box.set(.success(try await URLSessionTransport(userAgent: URLSessionTransport.packageUserAgent).get(url, headers: [:], timeout: idleTimeout, maximumBytes: maximumBytes)))
            } catch {
                box.set(.failure(error))
            }
            done.signal()
        }
        guard done.wait(timeout: .now() + deadline.remaining) == .success else {
            task.cancel()
            throw Failure(description: "\(url.absoluteString): \(deadline.passedText)")
        }
        switch box.get() {
        case .success(let response) where response.statusCode == 200:
            return response.body
        case .success(let response):
            throw Failure(description: "\(url.absoluteString): HTTP status \(response.statusCode)", httpStatus: response.statusCode)
        case .failure(let error as HTTPTransportError):
            throw Failure(description: "\(url.absoluteString): \(error)")
        case .failure(let error):
            throw Failure(description: "\(url.absoluteString): \(error.localizedDescription)")
        }
    }

    /// A local file's bytes; never more than `maximumBytes` + 1 are read.
    private static func file(_ url: URL, maximumBytes: Int64?) throws -> Data {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw Failure(description: "\(url.path) does not exist")
        }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            if let maximumBytes {
                data = try handle.read(upToCount: Int(clamping: min(maximumBytes, Int64(Int.max) - 1) + 1)) ?? Data()
            } else {
                data = try handle.readToEnd() ?? Data()
            }
        } catch {
            throw Failure(description: "\(url.path) cannot be read")
        }
        if let maximumBytes, Int64(data.count) > maximumBytes {
            throw Failure(description: "\(url.path) is over the limit of \(maximumBytes) bytes")
        }
        return data
    }

    private final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var result: Result<HTTPResponse, any Error> = .failure(Failure(description: "no response"))

        func set(_ value: Result<HTTPResponse, any Error>) {
            lock.lock()
            result = value
            lock.unlock()
        }

        func get() -> Result<HTTPResponse, any Error> {
            lock.lock()
            defer { lock.unlock() }
            return result
        }
    }
}
