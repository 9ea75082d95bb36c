import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Collects one data task's response and body, enforcing the byte limit, the accepted `Content-Encoding` and the
/// same-scheme redirect rule.
///
/// The body is counted as the delegate receives it, which is after `URLSession` undid any `Content-Encoding`: past
/// the limit, nothing more is kept, the call ends at once with ``HTTPTransportError/Code/bodyTooLarge`` and the task
/// is cancelled. The result goes through a ``OnceContinuation``: the task's completion, a refusal, the caller's
/// cancellation and the caller storing its continuation may come in any order, and the caller is resumed exactly
/// once. On Linux every callback runs on the session's work queue (``TransportDelegateQueue``), so nothing here calls
/// into the session or the task synchronously.
final class URLSessionTransportDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// The `Content-Encoding` values a response may carry (compared ignoring case): none, or gzip once
    /// (RFC 9110 section 8.4.1.3, which makes `x-gzip` the same). The published files are served as they are, and
    /// the manifests and index roots at most gzipped on the wire (docs/hosting.md); the transport asks for nothing
    /// else (`Accept-Encoding: gzip`).
    static let acceptedEncodings: Set<String> = ["", "identity", "gzip", "x-gzip"]

    private let maximumBytes: Int64?
    private let scheme: String?
    /// Resumed by the completion, by a refusal or by ``cancel()``, whichever is first.
    let completion = OnceContinuation<HTTPResponse>()
    private let lock = NSLock()
    // Guarded by `lock`.
    private var response: HTTPURLResponse?
    private var body = Data()
    private var failure: HTTPTransportError?

    init(maximumBytes: Int64?, scheme: String?) {
        self.maximumBytes = maximumBytes
        self.scheme = scheme
    }

    /// Ends the call with `CancellationError` now (the task's own completion, when it comes, is dropped).
    func cancel() {
        completion.resume(with: .failure(CancellationError()))
    }

    /// Ends the call with `error` now, drops the body and cancels `task`; later bytes and callbacks change nothing.
    private func fail(_ error: HTTPTransportError, _ task: URLSessionTask) {
        lock.lock()
        let first = failure == nil
        if first {
            failure = error
            body = Data()
        }
        lock.unlock()
        guard first else { return }
        completion.resume(with: .failure(error))
        // From another thread: on Linux this callback runs on the session's work queue, on which
        // FoundationNetworking 6.3's cancel() waits (docs/apple-platform.md X9).
        let task = UncheckedTask(task)
        DispatchQueue.global().async { task.value.cancel() }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        let coding = http?.value(forHTTPHeaderField: "Content-Encoding") ?? ""
        let normalized = coding.trimmingCharacters(in: .whitespaces).lowercased()
        if !Self.acceptedEncodings.contains(normalized) {
            fail(HTTPTransportError(
                code: .encodingRefused,
                reason: "Content-Encoding \"\(coding)\" is not one the published files use (gzip or none)"
            ), dataTask)
            completionHandler(.cancel)
            return
        }
        // Content-Length counts the bytes on the wire: the decoded length only when nothing is to be decoded.
        if normalized == "" || normalized == "identity", let maximumBytes, response.expectedContentLength > maximumBytes {
            fail(HTTPTransportError(
                code: .bodyTooLarge,
                reason: "Content-Length \(response.expectedContentLength) is over the limit of \(maximumBytes) bytes"
            ), dataTask)
            completionHandler(.cancel)
            return
        }
        lock.lock()
        self.response = http
        lock.unlock()
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        guard failure == nil else {
            lock.unlock()
            return
        }
        if let maximumBytes, Int64(body.count) + Int64(data.count) > maximumBytes {
            lock.unlock()
            fail(HTTPTransportError(code: .bodyTooLarge, reason: "body is over the limit of \(maximumBytes) bytes"), dataTask)
            return
        }
        body.append(data)
        lock.unlock()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        if request.url?.scheme?.lowercased() == scheme {
            completionHandler(request)
        } else {
            // Record the refusal and deliver the 3xx as the final response; cancelling the task here as well
            // makes FoundationNetworking trap on the pending redirect callback.
            lock.lock()
            if failure == nil {
                failure = HTTPTransportError(
                    code: .redirectRefused,
                    reason: "redirect to \(request.url?.absoluteString ?? "?") changes the scheme")
            }
            lock.unlock()
            completionHandler(nil)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        let failure = self.failure
        let response = self.response
        let body = self.body
        lock.unlock()
        completion.resume(with: Self.result(failure: failure, error: error, response: response, body: body))
    }

    static func result(
        failure: HTTPTransportError?, error: (any Error)?, response: HTTPURLResponse?, body: Data
    ) -> Result<HTTPResponse, any Error> {
        if let failure { return .failure(failure) }
        if let error { return .failure(transportError(error)) }
        guard let response else { return .failure(HTTPTransportError(code: .failed, reason: "no HTTP response")) }
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return .success(HTTPResponse(statusCode: response.statusCode, headers: headers, body: body))
    }

    static func transportError(_ error: any Error) -> HTTPTransportError {
        guard let urlError = error as? URLError else {
            return HTTPTransportError(code: .failed, reason: "\(error)")
        }
        let text = urlError.localizedDescription
        switch urlError.code {
        case .timedOut:
            return HTTPTransportError(code: .timedOut, reason: "request timed out")
        case .cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .dnsLookupFailed:
            return HTTPTransportError(code: .cannotConnect, reason: text)
        case .cancelled:
            return HTTPTransportError(code: .cancelled, reason: "request cancelled")
        default:
            return HTTPTransportError(code: .failed, reason: "URLError \(urlError.code.rawValue): \(text)")
        }
    }
}

/// A task handed to the thread that cancels it; `URLSessionTask` is thread-safe, but not `Sendable` everywhere.
struct UncheckedTask: @unchecked Sendable {
    let value: URLSessionTask
    init(_ value: URLSessionTask) { self.value = value }
}
