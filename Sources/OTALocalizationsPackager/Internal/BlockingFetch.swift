import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads a file or downloads an `http(s)` URL, blocking the calling thread (a command-line tool's main thread).
///
/// `Data(contentsOf:)` cannot read `http(s)` URLs on Linux's Foundation, so remote URLs go through `URLSession`.
enum BlockingFetch {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The bytes at `url`: a local file, or the body of a `200` response within `timeout` seconds.
    static func data(from url: URL, timeout: TimeInterval = 60) throws -> Data {
        guard url.scheme == "http" || url.scheme == "https" else {
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw Failure(description: "\(url.path) does not exist")
            }
            do {
                return try Data(contentsOf: url)
            } catch {
                throw Failure(description: "\(url.path) cannot be read")
            }
        }
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout
        URLSession.shared.dataTask(with: request) { data, response, error in
            if let error {
                box.set(.failure(Failure(description: "\(url.absoluteString): \(error.localizedDescription)")))
            } else if let http = response as? HTTPURLResponse, http.statusCode != 200 {
                box.set(.failure(Failure(description: "\(url.absoluteString): HTTP status \(http.statusCode)")))
            } else {
                box.set(.success(data ?? Data()))
            }
            done.signal()
        }.resume()
        done.wait()
        return try box.get()
    }

    private final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var result: Result<Data, Failure> = .failure(Failure(description: "no response"))

        func set(_ value: Result<Data, Failure>) {
            lock.lock()
            result = value
            lock.unlock()
        }

        func get() throws -> Data {
            lock.lock()
            defer { lock.unlock() }
            return try result.get()
        }
    }
}
