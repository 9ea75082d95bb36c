import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Collects one data task's response and body, enforcing the byte limit and the same-scheme redirect rule.
///
/// The result goes through a ``OnceContinuation``: the task's completion, the caller's cancellation and the
/// caller storing its continuation may come in any order, and the caller is resumed exactly once.
final class URLSessionTransportDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let maximumBytes: Int64?
    private let scheme: String?
    /// Resumed by the completion or by ``cancel()``, whichever is first.
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

    private func fail(_ error: HTTPTransportError, _ task: URLSessionTask) {
        lock.lock()
        if failure == nil { failure = error }
        lock.unlock()
        task.cancel()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        if let maximumBytes, response.expectedContentLength > maximumBytes {
            fail(HTTPTransportError(
                code: .bodyTooLarge,
                reason: "Content-Length \(response.expectedContentLength) is over the limit of \(maximumBytes) bytes"
            ), dataTask)
            completionHandler(.cancel)
            return
        }
        lock.lock()
        self.response = response as? HTTPURLResponse
        lock.unlock()
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        body.append(data)
        let count = Int64(body.count)
        lock.unlock()
        if let maximumBytes, count > maximumBytes {
            fail(HTTPTransportError(code: .bodyTooLarge, reason: "body is over the limit of \(maximumBytes) bytes"), dataTask)
        }
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
