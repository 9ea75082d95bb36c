import Foundation

/// A version folder in S3, `s3://<bucket>/<prefix>/`, through `aws s3api`: `list-objects-v2` to list, `head-object`
/// to check, `get-object` to read, `put-object` to write (one request per object, so S3's ETag is the MD5 of the
/// body for a bucket without SSE-KMS, and a reader gets the old object or the new one, never a part).
struct S3Store: VersionFolderStore {
    let bucket: String
    /// The version folder's key prefix, without a trailing `/`.
    let prefix: String
    let cli: AWSCommandLine

    var location: PublishLocation { .s3(bucket: bucket, prefix: prefix) }

    private func key(_ name: String) -> String { prefix.isEmpty ? name : prefix + "/" + name }

    func listSizes() throws(PackagerError) -> [String: Int64] {
        let folderPrefix = prefix.isEmpty ? "" : prefix + "/"
        let object = try cli.object(
            ["s3api", "list-objects-v2", "--bucket", bucket, "--prefix", folderPrefix],
            what: "LIST \(location.display(""))")
        var sizes: [String: Int64] = [:]
        for case let entry as [String: Any] in object["Contents"] as? [Any] ?? [] {
            guard let key = entry["Key"] as? String, key.hasPrefix(folderPrefix) else { continue }
            let name = String(key.dropFirst(folderPrefix.count))
            guard !name.isEmpty, !name.contains("/"), let size = (entry["Size"] as? NSNumber)?.int64Value else { continue }
            sizes[name] = size
        }
        return sizes
    }

    func size(of name: String) throws(PackagerError) -> Int64? {
        let what = "HEAD \(location.display(name))"
        let result = try cli.run(["s3api", "head-object", "--bucket", bucket, "--key", key(name)])
        if result.status != 0 {
            if result.isNotFound { return nil }
            throw cli.failure(result, what: what)
        }
        guard let object = (try? JSONSerialization.jsonObject(with: result.stdout)) as? [String: Any],
              let size = (object["ContentLength"] as? NSNumber)?.int64Value
        else { throw PackagerError(code: .publishFailed, reason: "\(what): aws printed no ContentLength") }
        return size
    }

    func read(_ name: String) throws(PackagerError) -> Data? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ota-s3-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try cli.run(["s3api", "get-object", "--bucket", bucket, "--key", key(name), file.path])
        if result.status != 0 {
            if result.isNotFound { return nil }
            throw cli.failure(result, what: "GET \(location.display(name))")
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw PackagerError(code: .publishFailed, reason: "GET \(location.display(name)): aws wrote no file")
        }
        return data
    }

    func write(_ data: Data, as name: String, headers: ObjectHeaders) throws(PackagerError) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ota-s3-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try data.write(to: file)
        } catch {
            throw PackagerError(code: .publishFailed, reason: "\(file.path): cannot be written (\(error.localizedDescription))")
        }
        try upload(file, as: name, headers: headers)
    }

    func upload(_ file: URL, as name: String, headers: ObjectHeaders) throws(PackagerError) {
        _ = try cli.object(
            ["s3api", "put-object", "--bucket", bucket, "--key", key(name), "--body", file.path,
             "--content-type", headers.contentType, "--cache-control", headers.cacheControl],
            what: "PUT \(location.display(name))")
    }

    func removeStaleTemporaries() -> [String] { [] }

    /// Asks CloudFront to drop its cached copies of `paths` (each starting with `/`); returns the invalidation's id.
    func invalidate(distribution: String, paths: [String]) throws(PackagerError) -> String {
        let object = try cli.object(
            ["cloudfront", "create-invalidation", "--distribution-id", distribution, "--paths"] + paths,
            what: "CloudFront invalidation of \(paths.joined(separator: " ")) on \(distribution)")
        return ((object["Invalidation"] as? [String: Any])?["Id"] as? String) ?? ""
    }
}
