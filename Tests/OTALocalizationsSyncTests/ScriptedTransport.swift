import Foundation
import OTALocalizationsSync

/// A static "server" in memory: serves bodies by absolute URL with ETags like a CDN, answers `If-None-Match`
/// with 304, and can be scripted to fail, to suspend behind a ``Gate``, or to return anything else.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    enum Route: Sendable {
        case file(Data, etag: String)
        case status(Int)
        case error(HTTPTransportError.Code)
        /// Suspends until the gate opens, then serves `then` (ignoring cancellation, like a slow server).
        indirect case gated(Gate, then: Route)
        /// Serves any response as given (no ETag logic).
        case raw(HTTPResponse)
        /// Answers `status` to a request with `If-None-Match`, else serves `then` (a host that cannot take the
        /// validator it was sent).
        indirect case refusingConditional(Int, then: Route)
    }

    struct Request: Equatable {
        var url: String
        var headers: [String: String]
    }

    private let lock = NSLock()
    private var routes: [String: Route] = [:]
    private var log: [Request] = []
    private var inFlight = 0
    private var maximumInFlightZips = 0
    private var etagCounter = 0

    func set(_ url: String, _ route: Route) {
        lock.lock()
        routes[url] = route
        lock.unlock()
    }

    /// Serves `data` at `url` with a fresh strong ETag (a new value each time, as a CDN does for new content).
    func serve(_ url: String, _ data: Data) {
        lock.lock()
        etagCounter += 1
        routes[url] = .file(data, etag: "\"etag-\(etagCounter)\"")
        lock.unlock()
    }

    func withRoutes<T>(_ body: ([String: Route]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(routes)
    }

    var requests: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return log
    }

    var requestedURLs: [String] { requests.map(\.url) }

    /// The most ZIP requests that were in flight at the same time.
    var maximumConcurrentZipRequests: Int {
        lock.lock()
        defer { lock.unlock() }
        return maximumInFlightZips
    }

    func clearLog() {
        lock.lock()
        log = []
        lock.unlock()
    }

    func get(_ url: URL, headers: [String: String], timeout: TimeInterval, maximumBytes: Int64?) async throws -> HTTPResponse {
        let key = url.absoluteString
        let isZip = key.hasSuffix(".zip")
        let route: Route? = lock.withLock {
            log.append(Request(url: key, headers: headers))
            if isZip {
                inFlight += 1
                maximumInFlightZips = max(maximumInFlightZips, inFlight)
            }
            return routes[key]
        }
        defer {
            if isZip { lock.withLock { inFlight -= 1 } }
        }
        await Task.yield()
        return try await respond(route ?? .status(404), headers: headers, maximumBytes: maximumBytes)
    }

    private func respond(_ route: Route, headers: [String: String], maximumBytes: Int64?) async throws -> HTTPResponse {
        switch route {
        case .file(let data, let etag):
            if headers.first(where: { $0.key.lowercased() == "if-none-match" })?.value == etag {
                return HTTPResponse(statusCode: 304, headers: ["ETag": etag])
            }
            if let maximumBytes, Int64(data.count) > maximumBytes {
                throw HTTPTransportError(code: .bodyTooLarge, reason: "body is over the limit of \(maximumBytes) bytes")
            }
            return HTTPResponse(statusCode: 200, headers: ["ETag": etag, "Content-Type": "application/octet-stream"], body: data)
        case .status(let status):
            return HTTPResponse(statusCode: status, body: Data("<html>\(status)</html>".utf8))
        case .error(let code):
            throw HTTPTransportError(code: code, reason: "scripted \(code)")
        case .gated(let gate, let then):
            await gate.wait()
            return try await respond(then, headers: headers, maximumBytes: maximumBytes)
        case .raw(let response):
            return response
        case .refusingConditional(let status, let then):
            if headers.keys.contains(where: { $0.lowercased() == "if-none-match" }) {
                return HTTPResponse(statusCode: status, body: Data("<html>\(status)</html>".utf8))
            }
            return try await respond(then, headers: headers, maximumBytes: maximumBytes)
        }
    }
}

/// A one-shot barrier: `wait()` suspends until `open()`; it records arrivals and cancellation of waiters, and
/// lets a test suspend until either happened (no clocks involved).
final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var arrivals = 0
    private var cancellations = 0
    private var watchers: [(condition: (Int, Int) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                lock.lock()
                arrivals += 1
                if isOpen {
                    lock.unlock()
                    continuation.resume()
                } else {
                    waiters.append(continuation)
                    let ready = takeReadyWatchers()
                    lock.unlock()
                    ready.forEach { $0.resume() }
                    return
                }
                let ready = lockedReadyWatchers()
                ready.forEach { $0.resume() }
            }
        } onCancel: {
            lock.lock()
            cancellations += 1
            let ready = takeReadyWatchers()
            lock.unlock()
            ready.forEach { $0.resume() }
        }
    }

    func open() {
        lock.lock()
        isOpen = true
        let resumed = waiters
        waiters = []
        lock.unlock()
        resumed.forEach { $0.resume() }
    }

    /// Returns once `count` callers are waiting (or have passed) the gate.
    func waitForArrivals(_ count: Int) async {
        await waitUntil { arrivals, _ in arrivals >= count }
    }

    /// Returns once a waiter's task has been cancelled.
    func waitForCancellation() async {
        await waitUntil { _, cancellations in cancellations >= 1 }
    }

    private func waitUntil(_ condition: @escaping (Int, Int) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if condition(arrivals, cancellations) {
                lock.unlock()
                continuation.resume()
                return
            }
            watchers.append((condition, continuation))
            lock.unlock()
        }
    }

    /// Call with `lock` held.
    private func takeReadyWatchers() -> [CheckedContinuation<Void, Never>] {
        var ready: [CheckedContinuation<Void, Never>] = []
        watchers.removeAll { watcher in
            if watcher.condition(arrivals, cancellations) {
                ready.append(watcher.continuation)
                return true
            }
            return false
        }
        return ready
    }

    private func lockedReadyWatchers() -> [CheckedContinuation<Void, Never>] {
        lock.lock()
        defer { lock.unlock() }
        return takeReadyWatchers()
    }
}

extension ScriptedTransport {
    /// The body currently served at `url` by a `.file` route (empty otherwise).
    func body(_ url: String) -> Data {
        guard case .file(let data, _)? = route(url) else { return Data() }
        return data
    }

    /// The ETag currently served at `url` by a `.file` route; nil otherwise.
    func etag(_ url: String) -> String? {
        guard case .file(_, let etag)? = route(url) else { return nil }
        return etag
    }

    private func route(_ url: String) -> Route? {
        withRoutes { $0[url] }
    }
}

extension ScriptedTransport {
    /// Puts `gate` in front of whatever `url` serves now.
    func gate(_ url: String, _ gate: Gate) {
        let current = withRoutes { $0[url] } ?? .status(404)
        set(url, .gated(gate, then: current))
    }
}
