import Foundation
import OTALocalizationsCore

extension PublishVerifier {
    /// The longest a cache may keep a manifest or an index root without asking the origin again, in seconds: the
    /// longest `publish --manifest-max-age` sets (a day).
    static let maximumCommitPointAgeSeconds = 86_400

    /// The headers the files read are stored with, where the reader sees them apart from the body (a bucket, from which
    /// a CDN serves them as they are): what a device receives besides the bytes checked. The commit points' are always
    /// read, another file's unless the commit points vouch for it as publishing `manifest` (with ``everyHeader``,
    /// every file's).
    mutating func checkHeaders(describing manifest: Manifest?) {
        let names = served.keys.sorted()
        guard !names.isEmpty else { return }
        progress(.readingHeaders(files: names.count))
        guard let stored = reader.storedHeaders(names, channel: rules.channel, describing: everyHeader ? nil : manifest) else { return }
        var failed = false
        for name in names where !stored.vouched.contains(name) {
            switch stored.results[name] {
            case .success(let headers)?:
                for problem in Self.problems(with: headers, commitPoint: served[name] ?? false) {
                    fail("\(reader.display(name)): \(problem)", file: name, code: "headers")
                    failed = true
                }
            case .failure(let failure)?:
                fail(failure, file: name)
                failed = true
            case nil:
                fail("\(reader.display(name)): its headers cannot be read", file: name, code: "unreadable")
                failed = true
            }
        }
        if !failed {
            let vouched = stored.vouched.isEmpty ? "" : " (\(stored.vouched.count) not read: last written before the commit points, which are)"
            pass("\(names.count) files: stored without Content-Encoding, manifests revalidated within \(Self.maximumCommitPointAgeSeconds) s\(vouched)")
        }
    }

    /// What is wrong with `headers` for a device, one sentence each: any `Content-Encoding` (a client decodes the body
    /// by it, RFC 9110 section 8.4, and the published files are stored as they are served), and, on a commit point, a
    /// `Cache-Control` that lets a cache serve it without asking the origin for longer than a day (RFC 9111 section 5.2.2:
    /// `no-cache`, `max-age`, `s-maxage`), so devices would not see the next publish.
    static func problems(with headers: PublishedHeaders, commitPoint: Bool) -> [String] {
        var problems: [String] = []
        if let encoding = headers.contentEncoding?.trimmingCharacters(in: .whitespaces), !encoding.isEmpty, encoding.lowercased() != "identity" {
            problems.append("stored with Content-Encoding \(encoding): devices decode the body as \(encoding) and refuse what comes out. "
                + "Run publish again, which stores it without one")
        }
        if commitPoint, let reason = staleness(of: headers.cacheControl) {
            problems.append("stored with \(reason), so devices would not see the next publish for that long. Run publish again, which "
                + "sets Cache-Control 'no-cache' (or 'public, max-age=<s>' with --manifest-max-age)")
        }
        return problems
    }

    /// Why `cacheControl` lets caches keep a commit point too long, or nil when every cache revalidates it within
    /// ``maximumCommitPointAgeSeconds``.
    private static func staleness(of cacheControl: String?) -> String? {
        guard let cacheControl, !cacheControl.trimmingCharacters(in: .whitespaces).isEmpty else {
            return "no Cache-Control: a cache chooses how long to keep it"
        }
        var directives: [String: String?] = [:]
        for part in cacheControl.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = pieces.first?.lowercased(), !name.isEmpty else { continue }
            directives[name] = pieces.count == 2 ? pieces[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : nil
        }
        if directives["no-cache"] != nil || directives["no-store"] != nil { return nil }
        let ages = ["max-age", "s-maxage"].compactMap { directives[$0] ?? nil }.map { Int($0) ?? Int.max }
        guard let longest = ages.max() else { return "Cache-Control '\(cacheControl)' without max-age: a cache chooses how long to keep it" }
        return longest > maximumCommitPointAgeSeconds ? "Cache-Control '\(cacheControl)'" : nil
    }
}
