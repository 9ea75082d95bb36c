import Foundation
import OTALocalizationsCore
import OTALocalizationsDigest

/// A version folder in S3, `s3://<bucket>/<prefix>/`, through the AWS CLI: one `s3api list-objects-v2` to learn what
/// is there (sizes and ETags), `s3 cp --recursive` to upload or download many objects in one process (the CLI runs
/// its requests in parallel), and one `s3api put-object` per manifest, conditional on the ETag read before
/// (`--if-match`, or `--if-none-match '*'` for a new one: S3 conditional writes).
///
/// Every upload sends a SHA-256 checksum (`--checksum-algorithm SHA256`), which S3 checks against the body before it
/// stores it. A listing gives no checksum values (Amazon S3 API Reference, ListObjectsV2 `Object`: the algorithm
/// only), so an object already there is recognised by its size and its ETag, the MD5 of the body for a single-part
/// upload without SSE-KMS (API Reference, "Common Response Headers"); an ETag of another form is settled by reading
/// the bytes.
struct S3Store: VersionFolderStore {
    let bucket: String
    /// The version folder's key prefix, without a trailing `/`.
    let prefix: String
    let cli: AWSCommandLine

    var location: PublishLocation { .s3(bucket: bucket, prefix: prefix) }

    private func key(_ name: String) -> String { prefix.isEmpty ? name : prefix + "/" + name }
    private var folderPrefix: String { prefix.isEmpty ? "" : prefix + "/" }
    private var folderURI: String { "s3://\(bucket)/\(folderPrefix)" }

    func list() throws(PackagerError) -> [String: StoredObject] {
        let object = try cli.object(
            ["s3api", "list-objects-v2", "--bucket", bucket, "--prefix", folderPrefix],
            what: "LIST \(location.display(""))")
        var objects: [String: StoredObject] = [:]
        for case let entry as [String: Any] in object["Contents"] as? [Any] ?? [] {
            guard let key = entry["Key"] as? String, key.hasPrefix(folderPrefix) else { continue }
            let name = String(key.dropFirst(folderPrefix.count))
            guard !name.isEmpty, !name.contains("/"), let size = (entry["Size"] as? NSNumber)?.int64Value else { continue }
            objects[name] = StoredObject(size: size, etag: entry["ETag"] as? String ?? "")
        }
        return objects
    }

    func holds(_ file: ReleaseFile, listed: StoredObject) throws(PackagerError) -> Bool? {
        guard listed.size == file.size else { return false }
        guard let md5 = Self.plainMD5(listed.etag) else { return nil }
        return md5 == OTASHA256.hex(md5Digest(try file.bytes()))
    }

    func download(_ names: [String]) throws(PackagerError) -> [String: Data] {
        guard !names.isEmpty else { return [:] }
        let folder = try Self.temporaryFolder("ota-s3-download")
        defer { try? FileManager.default.removeItem(at: folder) }
        var arguments = ["s3", "cp", folderURI, folder.path, "--recursive", "--only-show-errors", "--exclude", "*"]
        for name in names { arguments += ["--include", Self.literalPattern(name)] }
        _ = try cli.object(arguments, what: "GET \(names.count) objects of \(location.display(""))")
        var result: [String: Data] = [:]
        for name in names {
            if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) { result[name] = data }
        }
        return result
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

    func upload(_ files: [ReleaseFile], progress: (String) -> Void) throws(PackagerError) {
        let batches = Dictionary(grouping: files, by: \.headers)
        for headers in batches.keys.sorted(by: { $0.contentType < $1.contentType }) {
            let batch = batches[headers]!
            let folder = try Self.temporaryFolder("ota-s3-upload")
            defer { try? FileManager.default.removeItem(at: folder) }
            for file in batch { try Self.stage(file, in: folder) }
            let bytes = batch.reduce(Int64(0)) { $0 + $1.size }
            progress("upload \(batch.count) file\(batch.count == 1 ? "" : "s") (\(bytes) bytes, \(headers.contentType)) to \(folderURI)")
            _ = try cli.object(
                ["s3", "cp", folder.path, folderURI, "--recursive", "--only-show-errors", "--checksum-algorithm", "SHA256",
                 "--content-type", headers.contentType, "--cache-control", headers.cacheControl],
                what: "PUT \(batch.count) objects to \(location.display(""))")
        }
    }

    func write(_ file: ReleaseFile, replacing expected: StoredObject?) throws(PackagerError) {
        let body = FileManager.default.temporaryDirectory.appendingPathComponent("ota-s3-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: body) }
        do {
            try file.bytes().write(to: body)
        } catch let error as PackagerError {
            throw error
        } catch {
            throw PackagerError(code: .publishFailed, reason: "\(body.path): cannot be written (\(error.localizedDescription))")
        }
        let condition = expected.map { ["--if-match", $0.etag] } ?? ["--if-none-match", "*"]
        let what = "PUT \(location.display(file.name))"
        let result = try cli.run(
            ["s3api", "put-object", "--bucket", bucket, "--key", key(file.name), "--body", body.path,
             "--content-type", file.headers.contentType, "--cache-control", file.headers.cacheControl,
             "--checksum-algorithm", "SHA256"] + condition)
        guard result.status == 0 else {
            if result.stderr.contains("PreconditionFailed") || result.stderr.contains("ConditionalRequestConflict") || result.stderr.contains("(412)") {
                throw PackagerError(
                    code: .lostRace,
                    reason: "\(location.display(file.name)) changed after this run read it: another publish, promote or rollout wrote it. Nothing more was written; run this one again")
            }
            throw cli.failure(result, what: what)
        }
    }

    var isLockedForWrites: Bool { false }

    func withLock<Value>(_ body: () throws(PackagerError) -> Value) throws(PackagerError) -> Value {
        try body()
    }

    func removeStaleTemporaries() -> [String] { [] }

    /// Asks CloudFront to drop its cached copies of `paths` (each starting with `/`); returns the invalidation's id.
    func invalidate(distribution: String, paths: [String]) throws(PackagerError) -> String {
        let object = try cli.object(
            ["cloudfront", "create-invalidation", "--distribution-id", distribution, "--paths"] + paths,
            what: "CloudFront invalidation of \(paths.joined(separator: " ")) on \(distribution)")
        return ((object["Invalidation"] as? [String: Any])?["Id"] as? String) ?? ""
    }

    /// The 32 lowercase hex digits of an ETag that is a plain MD5 (`"<md5>"`), nil for any other form.
    static func plainMD5(_ etag: String) -> String? {
        let bare = etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.count >= 2 ? String(etag.dropFirst().dropLast()) : etag
        guard bare.utf8.count == 32, bare.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        return bare
    }

    /// `name` as an `aws s3` filter that matches only itself: `*`, `?` and `[` as one-character classes (fnmatch).
    static func literalPattern(_ name: String) -> String {
        var out = ""
        for character in name {
            switch character {
            case "*", "?", "[": out += "[\(character)]"
            default: out.append(character)
            }
        }
        return out
    }

    private static func temporaryFolder(_ prefix: String) throws(PackagerError) -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw PackagerError(code: .publishFailed, reason: "\(folder.path): cannot be created (\(error.localizedDescription))")
        }
        return folder
    }

    /// Puts `file` in `folder` under its name: a symbolic link to a local file (the CLI follows it), or its bytes.
    private static func stage(_ file: ReleaseFile, in folder: URL) throws(PackagerError) {
        let target = folder.appendingPathComponent(file.name)
        do {
            switch file.source {
            case .file(let url): try FileManager.default.createSymbolicLink(at: target, withDestinationURL: url.standardizedFileURL)
            case .bytes(let data): try data.write(to: target)
            }
        } catch {
            throw PackagerError(code: .publishFailed, reason: "\(target.path): cannot be staged for upload (\(error.localizedDescription))")
        }
    }
}
