import Foundation
import OTATestSupport
import Testing

extension S3IntegrationTests {
    /// A bucket whose default encryption is SSE-KMS, where an object's ETag is 32 hex digits that are not the MD5 of its
    /// body (moto started by ``MotoLauncher``, as S3 documents it): `publish` confirms by the bytes and the SHA-256 the
    /// upload stored, never by taking the ETag for an MD5.
    @Suite struct PublishSSEKMSTests {
        typealias H = SyncHarness
        private static let bucket = "kms-strings"

        private func publish(_ folder: URL, _ extra: [String] = [], in moto: MotoServer) async throws -> ToolResult {
            try await ExternalTool.run(
                TestPaths.cliExecutable.path, ["publish", folder.path, "--to", "s3://\(Self.bucket)/ios"] + extra, environment: moto.environment)
        }

        @Test func publishToASSEKMSBucketIsConfirmedAndRecognisedByItsBytes() async throws {
            let moto = try await MotoServer.session()
            try await moto.createPublicBucket(Self.bucket)
            try await moto.awsOK(["s3api", "put-bucket-encryption", "--bucket", Self.bucket, "--server-side-encryption-configuration",
                                  #"{"Rules":[{"ApplyServerSideEncryptionByDefault":{"SSEAlgorithm":"aws:kms"}}]}"#])
            let publication = try H.Publication()
            let modules = try await publication.package(publishedAt: "2026-01-01T00:00:00Z")

            let first = try await publish(publication.versionFolder, ["--json"], in: moto)

            #expect(first.status == 0, "\(first.stderr)")
            // The bucket is one S3 would be: the ETag is not the body's MD5, the stored SHA-256 is its SHA-256 (hashlib).
            let manifest = publication.versionFolder.appendingPathComponent("manifest.json")
            let digests = try await ExternalTool.python(
                "import base64,hashlib,sys; b=open(sys.argv[1],'rb').read(); "
                    + "print(hashlib.md5(b).hexdigest(), base64.b64encode(hashlib.sha256(b).digest()).decode(), end='')",
                [manifest.path]).split(separator: " ").map(String.init)
            let head = try JSONSerialization.jsonObject(with: Data(try await moto.awsOK(
                ["s3api", "head-object", "--bucket", Self.bucket, "--key", "ios/1.0.0/manifest.json", "--checksum-mode", "ENABLED",
                 "--output", "json"]).utf8)) as? [String: Any] ?? [:]
            #expect(head["ServerSideEncryption"] as? String == "aws:kms")
            #expect((head["ETag"] as? String)?.count == 34 && head["ETag"] as? String != "\"\(digests[0])\"", "\(head)")
            #expect(head["ChecksumSHA256"] as? String == digests[1], "\(head)")

            // A device installs every module from it.
            let storage = try TemporaryDirectory("kms-root")
            defer { storage.remove() }
            let sync = try await H.sync("\(moto.endpoint)/\(Self.bucket)/ios/", into: storage.url)
            #expect(sync.report["updated"] as? Int == modules.count, "\(sync.result.stdout)\(sync.result.stderr)")
            try await H.expectInstalled(modules, from: publication.versionFolder, into: storage.url)

            // Publishing it again: every file is recognised as there (by its bytes), nothing is written or replaced.
            let again = try await publish(publication.versionFolder, ["--json"], in: moto)
            #expect(again.status == 0, "\(again.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
            let actions = Set((report["archives"] as? [[String: Any]] ?? []).compactMap { $0["action"] as? String })
            #expect(actions == ["skip"], "\(again.stdout)")
            #expect(report["written"] as? [String] == [], "\(again.stdout)")
        }
    }
}
