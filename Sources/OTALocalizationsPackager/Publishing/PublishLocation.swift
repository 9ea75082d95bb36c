import Foundation

/// Where published files live: a local folder (the root of nginx or any static server) or an S3 key prefix
/// (`s3://bucket/prefix`), reached through the AWS CLI (docs/hosting.md).
///
/// `publish` is given the base the app is configured with and appends the version folder's name; `promote` and
/// `rollout` are given the version folder itself. Both are a `PublishLocation`.
package enum PublishLocation: Sendable, Equatable, CustomStringConvertible {
    /// A folder on this machine.
    case folder(URL)
    /// The objects of `bucket` whose keys start with `prefix` + `/` (an empty `prefix` is the bucket's root).
    /// `prefix` has no leading or trailing `/`.
    case s3(bucket: String, prefix: String)

    /// Reads `s3://bucket[/prefix]` (trailing `/` ignored) or a folder path.
    ///
    /// - Throws: ``PackagerError`` `configuration` for an `s3://` text without a bucket name, with an empty path
    ///   segment (`a//b`), or with `.`/`..` segments, and for any other `scheme://` (only `s3://` and folders are
    ///   supported; an `https://` host is written through its own storage, not over HTTP).
    package init(parsing text: String) throws {
        if text.hasPrefix("s3://") {
            var rest = String(text.dropFirst(5))
            while rest.hasSuffix("/") { rest.removeLast() }
            let segments = rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard let bucket = segments.first, !bucket.isEmpty else {
                throw PackagerError(code: .configuration, reason: "\(text): no bucket name; write s3://<bucket>/<prefix>, e.g. s3://strings/ios")
            }
            let keys = Array(segments.dropFirst())
            guard keys.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
                throw PackagerError(code: .configuration, reason: "\(text): an S3 prefix cannot have empty, '.' or '..' segments")
            }
            self = .s3(bucket: bucket, prefix: keys.joined(separator: "/"))
            return
        }
        if let range = text.range(of: "://"), !text[..<range.lowerBound].contains("/") {
            throw PackagerError(
                code: .configuration,
                reason: "\(text): only s3://<bucket>/<prefix> and local folders are publish destinations; for another host, "
                    + "publish to the folder it serves or to its S3 bucket (docs/hosting.md)")
        }
        self = .folder(URL(fileURLWithPath: text, isDirectory: true).standardizedFileURL)
    }

    /// This location with one more path component (a version folder or a file name).
    package func appending(_ component: String) -> PublishLocation {
        switch self {
        case .folder(let url): return .folder(url.appendingPathComponent(component, isDirectory: true))
        case .s3(let bucket, let prefix): return .s3(bucket: bucket, prefix: prefix.isEmpty ? component : prefix + "/" + component)
        }
    }

    /// The last path component: for a version folder, the app version it is published for (empty for a bucket root).
    package var lastComponent: String {
        switch self {
        case .folder(let url): return url.lastPathComponent
        case .s3(_, let prefix): return prefix.split(separator: "/").last.map(String.init) ?? ""
        }
    }

    /// Whether this is an S3 location.
    package var isS3: Bool {
        if case .s3 = self { return true }
        return false
    }

    /// The location as a user writes it: a path, or `s3://bucket/prefix`.
    package var description: String {
        switch self {
        case .folder(let url): return url.path
        case .s3(let bucket, let prefix): return "s3://\(bucket)" + (prefix.isEmpty ? "" : "/" + prefix)
        }
    }

    /// Where the file `name` directly inside this location is, as shown in messages.
    package func display(_ name: String) -> String {
        appending(name).description
    }
}
