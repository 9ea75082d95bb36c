import Foundation
import OTALocalizationsCore
import OTALocalizationsSync

/// A static host in a folder, behind the service's public ``HTTPTransport`` seam: `<baseURL>/<path>` is the file
/// `<folder>/<path>`, as `ota-localizations package` wrote it.
///
/// Answers `200` with the file's bytes and a strong `ETag` (its SHA-256), `304` when `If-None-Match` names that
/// ETag, `404` for anything that is not a file under the folder (also `..` or a symbolic link out of it). A body
/// over `maximumBytes` fails with `body-too-large`, as the protocol asks. Reads the folder at each request, so a test
/// can publish again between cycles. Safe to call concurrently.
public struct FolderTransport: HTTPTransport {
    public let baseURL: URL
    public let folder: URL

    public init(baseURL: URL, folder: URL) {
        self.baseURL = baseURL
        self.folder = folder
    }

    public func get(
        _ url: URL, headers: [String: String], timeout: TimeInterval, maximumBytes: Int64?
    ) async throws -> HTTPResponse {
        let base = baseURL.absoluteString.hasSuffix("/") ? baseURL.absoluteString : baseURL.absoluteString + "/"
        guard url.absoluteString.hasPrefix(base) else { return HTTPResponse(statusCode: 404) }
        let relative = String(url.absoluteString.dropFirst(base.count)).removingPercentEncoding ?? ""
        let components = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !components.isEmpty, !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            return HTTPResponse(statusCode: 404)
        }
        let file = folder.appendingPathComponent(relative, isDirectory: false).resolvingSymlinksInPath()
        let root = folder.resolvingSymlinksInPath().path + "/"
        var isDirectory: ObjCBool = false
        guard file.path.hasPrefix(root), FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory),
              !isDirectory.boolValue, let body = try? Data(contentsOf: file)
        else { return HTTPResponse(statusCode: 404) }
        let etag = "\"\(SHA256Digest.hexString(body))\""
        if headers.first(where: { $0.key.lowercased() == "if-none-match" })?.value == etag {
            return HTTPResponse(statusCode: 304, headers: ["ETag": etag])
        }
        if let maximumBytes, Int64(body.count) > maximumBytes {
            throw HTTPTransportError(code: .bodyTooLarge, reason: "\(file.lastPathComponent) has \(body.count) bytes")
        }
        return HTTPResponse(statusCode: 200, headers: ["ETag": etag, "Content-Type": "application/octet-stream"], body: body)
    }
}
