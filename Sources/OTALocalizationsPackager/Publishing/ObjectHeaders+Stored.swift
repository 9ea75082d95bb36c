extension ObjectHeaders {
    /// How `stored` differs from these headers, one phrase per header (`Content-Encoding gzip (publish sets none)`);
    /// empty when an object stored so is served as `publish` serves it.
    ///
    /// S3 keeps an object's headers apart from its bytes: copying an object onto itself with other headers keeps its
    /// bytes (and, unencrypted or with SSE-S3, its ETag, which "reflects changes only to the contents of an object, not
    /// its metadata", Amazon S3 API Reference, `Object`), so matching bytes do not mean matching headers.
    func differences(from stored: StoredHeaders) -> [String] {
        var differences: [String] = []
        if stored.hasContentEncoding {
            differences.append("Content-Encoding \(stored.contentEncoding ?? "") (publish sets none)")
        }
        if stored.cacheControl != cacheControl {
            differences.append("Cache-Control \(stored.cacheControl.map { "'\($0)'" } ?? "missing") (publish sets '\(cacheControl)')")
        }
        if stored.contentType != contentType {
            differences.append("Content-Type \(stored.contentType ?? "missing") (publish sets \(contentType))")
        }
        return differences
    }

    /// Whether `stored` are headers `publish` gives a commit point, with any `--manifest-max-age`: `application/json`,
    /// no `Content-Encoding`, and `no-cache` or `public, max-age=<seconds>`.
    static func isCommitPoint(_ stored: StoredHeaders) -> Bool {
        guard !stored.hasContentEncoding, stored.contentType == "application/json", let cacheControl = stored.cacheControl else { return false }
        if cacheControl == "no-cache" { return true }
        let prefix = "public, max-age="
        return cacheControl.hasPrefix(prefix) && Int(cacheControl.dropFirst(prefix.count)).map { $0 >= 0 } == true
    }
}
