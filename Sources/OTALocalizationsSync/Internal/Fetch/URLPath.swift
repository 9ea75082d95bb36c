import Foundation

/// Percent-encoding of one URL path segment (RFC 3986 section 2.3: only unreserved characters stay as they are).
enum URLPath {
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `component` with every byte outside the unreserved set written as `%XX`.
    static func encodedComponent(_ component: String) -> String {
        component.addingPercentEncoding(withAllowedCharacters: unreserved) ?? component
    }

    /// `<baseURL>/<segment>/`, the segment percent-encoded, without a doubled slash.
    static func appending(_ segment: String, to base: URL) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return URL(string: text + "/" + encodedComponent(segment) + "/") ?? base
    }

    /// `<folderURL><name>`, the name percent-encoded; `folderURL` ends with `/` (see ``appending(_:to:)``).
    static func file(_ name: String, in folderURL: URL) -> URL {
        URL(string: folderURL.absoluteString + encodedComponent(name)) ?? folderURL
    }
}
