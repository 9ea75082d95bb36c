import Foundation
import OTALocalizationsCore
import OTALocalizationsDigest

/// A version folder in S3, `s3://<bucket>/<prefix>/`, through the AWS CLI: one `s3api list-objects-v2` to learn what
/// is there (sizes, ETags, times written), `s3 cp --recursive` to upload or download many objects in one process (the
/// CLI runs its requests in parallel), one `s3api put-object` per manifest, conditional on the ETag read before
/// (`--if-match`, or `--if-none-match '*'` for a new one: S3 conditional writes), and one `s3api head-object` per
/// object whose headers are checked.
///
/// Every upload sends a SHA-256 checksum (`--checksum-algorithm SHA256`), which S3 checks against the body before it
/// stores it, and stores with the object (Amazon S3 User Guide, "Checking object integrity in Amazon S3"). A listing
/// gives no checksum values (Amazon S3 API Reference, ListObjectsV2 `Object`: the algorithm only), and an ETag is the
/// MD5 of the body only for a single-part upload, unencrypted or with SSE-S3; with SSE-KMS or SSE-C it is 32 hex
/// digits that are not (API Reference, `Object`, `ETag`). So an ETag is taken as a sign of the bytes only when it is
/// the MD5 of this file's bytes; an object of the right size with any other ETag is settled by reading its bytes. A
/// manifest written with `put-object` is confirmed by the SHA-256 S3 answers it stored (`ChecksumSHA256`) and then
/// known by the ETag S3 gave it, whatever that ETag means.
///
/// Every file the AWS CLI reads or writes is in a ``ScratchFolder``.
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
            objects[name] = StoredObject(
                size: size, etag: entry["ETag"] as? String ?? "", lastModified: (entry["LastModified"] as? String).flatMap(Self.date))
        }
        return objects
    }

    func holds(_ file: ReleaseFile, listed: StoredObject) throws(PackagerError) -> Bool? {
        guard listed.size == file.size else { return false }
        // An ETag that is not this file's MD5 may still be of these bytes (SSE-KMS, SSE-C, a multipart upload).
        guard let md5 = Self.plainMD5(listed.etag), md5 == OTASHA256.hex(md5Digest(try file.bytes())) else { return nil }
        return true
    }

    func download(_ names: [String]) throws(PackagerError) -> [String: Data] {
        guard !names.isEmpty else { return [:] }
        let scratch = try ScratchFolder.make()
        defer { scratch.remove() }
        let folder = scratch.file("objects")
        var arguments = ["s3", "cp", folderURI, folder.path, "--recursive", "--only-show-errors", "--exclude", "*"]
        for name in names { arguments += ["--include", Self.literalPattern(name)] }
        _ = try cli.object(arguments, what: "GET \(names.count) objects of \(location.display(""))", in: scratch)
        var result: [String: Data] = [:]
        for name in names {
            if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) { result[name] = data }
        }
        return result
    }

    func read(_ name: String) throws(PackagerError) -> Data? {
        let scratch = try ScratchFolder.make()
        defer { scratch.remove() }
        let file = scratch.file("object")
        let result = try cli.run(["s3api", "get-object", "--bucket", bucket, "--key", key(name), file.path], in: scratch)
        if result.status != 0 {
            if result.isNotFound { return nil }
            throw cli.failure(result, what: "GET \(location.display(name))")
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw PackagerError(code: .publishFailed, reason: "GET \(location.display(name)): aws wrote no file")
        }
        return data
    }

    /// The most files one `aws s3 cp --recursive` uploads: a larger set is split, so that progress can be reported
    /// between copies (the CLI itself says nothing until it ends) while each copy still runs its requests in parallel.
    static let maximumFilesPerCopy = 250

    func upload(_ files: [ReleaseFile], progress: (Int) -> Void) throws(PackagerError) {
        let batches = Dictionary(grouping: files, by: \.headers)
        var done = 0
        for headers in batches.keys.sorted(by: { $0.contentType < $1.contentType }) {
            let batch = batches[headers]!
            for start in stride(from: 0, to: batch.count, by: Self.maximumFilesPerCopy) {
                let chunk = Array(batch[start..<min(start + Self.maximumFilesPerCopy, batch.count)])
                try copy(chunk, headers: headers)
                done += chunk.count
                progress(done)
            }
        }
    }

    /// Uploads `files`, which share `headers`, in one `aws s3 cp --recursive` from a scratch folder of links.
    private func copy(_ files: [ReleaseFile], headers: ObjectHeaders) throws(PackagerError) {
        let scratch = try ScratchFolder.make()
        defer { scratch.remove() }
        let folder = scratch.file("upload")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        } catch {
            throw PackagerError(code: .publishFailed, reason: "\(folder.path): cannot be created (\(error.localizedDescription))")
        }
        for file in files { try Self.stage(file, in: folder) }
        _ = try cli.object(
            ["s3", "cp", folder.path, folderURI, "--recursive", "--only-show-errors", "--checksum-algorithm", "SHA256",
             "--content-type", headers.contentType, "--cache-control", headers.cacheControl],
            what: "PUT \(files.count) objects to \(location.display(""))", in: scratch)
        // unlink(2) each staged link, cheaper than FileManager removing them one by one with the folder.
        for file in files { unlink(folder.appendingPathComponent(file.name).path) }
    }

    func write(_ file: ReleaseFile, replacing expected: StoredObject?) throws(PackagerError) -> StoredObject {
        let scratch = try ScratchFolder.make()
        defer { scratch.remove() }
        let body = scratch.file("body")
        let bytes = try file.bytes()
        do {
            try bytes.write(to: body)
        } catch {
            throw PackagerError(code: .publishFailed, reason: "\(body.path): cannot be written (\(error.localizedDescription))")
        }
        let condition = expected.map { ["--if-match", $0.etag] } ?? ["--if-none-match", "*"]
        let what = "PUT \(location.display(file.name))"
        let result = try cli.run(
            ["s3api", "put-object", "--bucket", bucket, "--key", key(file.name), "--body", body.path,
             "--content-type", file.headers.contentType, "--cache-control", file.headers.cacheControl,
             "--checksum-algorithm", "SHA256"] + condition, in: scratch)
        guard result.status == 0 else {
            if result.stderr.contains("PreconditionFailed") || result.stderr.contains("ConditionalRequestConflict") || result.stderr.contains("(412)") {
                throw PackagerError(
                    code: .lostRace,
                    reason: "\(location.display(file.name)) changed after this run read it: another publish, promote or rollout wrote it. Nothing more was written; run this one again")
            }
            throw cli.failure(result, what: what)
        }
        let answer = (try? JSONSerialization.jsonObject(with: result.stdout)) as? [String: Any] ?? [:]
        let sha256 = Data(SHA256Digest.hash(bytes)).base64EncodedString()
        if let stored = answer["ChecksumSHA256"] as? String, stored != sha256 {
            throw PackagerError(
                code: .publishFailed,
                reason: "\(what): S3 stored SHA-256 \(stored) (base64), but this file's is \(sha256): the object is not this file. Publish again")
        }
        return StoredObject(size: file.size, etag: answer["ETag"] as? String ?? "")
    }

    func headers(_ names: [String]) throws(PackagerError) -> [String: StoredHeaders]? {
        let answers = Self.inParallel(names, lanes: lanes(for: names.count)) { name throws(PackagerError) -> StoredHeaders? in
            let result = try cli.run(["s3api", "head-object", "--bucket", bucket, "--key", key(name)])
            guard result.status == 0 else {
                if result.isNotFound { return nil }
                throw cli.failure(result, what: "HEAD \(location.display(name))")
            }
            let object = (try? JSONSerialization.jsonObject(with: result.stdout)) as? [String: Any] ?? [:]
            return StoredHeaders(
                contentType: object["ContentType"] as? String, cacheControl: object["CacheControl"] as? String,
                contentEncoding: object["ContentEncoding"] as? String)
        }
        var headers: [String: StoredHeaders] = [:]
        for (name, answer) in answers {
            switch answer {
            case .success(let found?): headers[name] = found
            case .success(nil): continue
            case .failure(let error): throw error
            }
        }
        return headers
    }

    var isLockedForWrites: Bool { false }

    func withLock<Value>(_ body: () throws(PackagerError) -> Value) throws(PackagerError) -> Value {
        try body()
    }

    func removeStaleTemporaries() -> [String] { [] }

    /// How many of `count` AWS CLI commands run at once. Each in a process of its own, which spends most of its second
    /// starting: one per core (at least 2, at most 8). In sessions (``AWSSessionPool``), where a command after the first
    /// costs tens of milliseconds and each more lane costs a start: one lane per 32 commands, at most one per core.
    func lanes(for count: Int) -> Int {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard cli.interpreter != nil else { return max(2, min(8, cores)) }
        return max(1, min((count + 31) / 32, cores))
    }

    /// `body` for each of `names`, on `lanes` threads (fewer when there are fewer names).
    static func inParallel<Value: Sendable>(
        _ names: [String], lanes: Int, _ body: @Sendable (String) throws(PackagerError) -> Value
    ) -> [String: Result<Value, PackagerError>] {
        let results = ParallelResults<Value>()
        let lanes = min(names.count, lanes)
        guard lanes > 0 else { return [:] }
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            for index in stride(from: lane, to: names.count, by: lanes) {
                let name = names[index]
                do throws(PackagerError) {
                    results.set(name, .success(try body(name)))
                } catch {
                    results.set(name, .failure(error))
                }
            }
        }
        return results.all
    }

    /// The time S3 lists for an object (`2026-01-02T03:04:05.000Z`), nil for another form.
    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text)
    }

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

    /// Puts `file` in `folder` under its name: a symbolic link to a local file (the CLI follows it; `symlink(2)`, cheaper
    /// than FileManager's for a thousand files), or its bytes.
    private static func stage(_ file: ReleaseFile, in folder: URL) throws(PackagerError) {
        let target = folder.appendingPathComponent(file.name)
        do {
            switch file.source {
            case .file(let url):
                guard symlink(url.standardizedFileURL.path, target.path) == 0 else {
                    throw PackagerError(code: .publishFailed, reason: "\(target.path): cannot be staged for upload (\(String(cString: strerror(errno))))")
                }
            case .bytes(let data): try data.write(to: target)
            }
        } catch let error as PackagerError {
            throw error
        } catch {
            throw PackagerError(code: .publishFailed, reason: "\(target.path): cannot be staged for upload (\(error.localizedDescription))")
        }
    }
}
