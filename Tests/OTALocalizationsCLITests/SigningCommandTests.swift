import Foundation
import OTATestSupport
import Testing

/// `keygen`, `package --signing-key` and `verify` through the built binary, checked with openssl and Python.
@Suite struct SigningCommandTests {
    static let example = TestPaths.packageRoot.appendingPathComponent("Examples/SampleApp")

    private func cli(_ arguments: [String], environment: [String: String]? = nil) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments, environment: environment)
    }

    /// `keygen --output <dir>`: the key file and the printed public key.
    private func keygen(_ folder: URL) async throws -> (file: URL, publicKey: String, keyID: String) {
        let result = try await cli(["keygen", "--output", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let value = { (label: String) in lines.first { $0.hasPrefix(label) }.map { String($0.dropFirst(label.count)) } ?? "" }
        return (folder.appendingPathComponent("manifest-signing-key.pem"), value("Public key:  "), value("Key ID:      "))
    }

    private func package(_ output: URL, _ extra: [String], environment: [String: String]? = nil) async throws -> ToolResult {
        try await cli(["package", Self.example.path, "--app-version", "1.0.0", "--output", output.path,
                 "--published-at", "2026-07-24T10:00:00Z", "--quiet"] + extra, environment: environment)
    }

    @Test func keygenWritesAPrivateKeyOnlyItsOwnerCanReadAndPrintsItsPublicHalf() async throws {
        let temp = try TemporaryDirectory("keygen")
        defer { temp.remove() }
        let key = try await keygen(temp.url.appendingPathComponent("keys"))
        let mode = try await ExternalTool.run("stat", ["-c", "%a", key.file.path]).stdout
        #expect(mode == "600\n")
        // openssl reads the file and derives the printed public key; hashlib gives the printed keyid.
        let raw = try OpenSSLSigning.rawPublicKey(ofPrivateKeyAt: key.file)
        #expect(Data(raw).base64EncodedString() == key.publicKey)
        let hashed = try await ExternalTool.python("import hashlib, sys; print(hashlib.sha256(bytes.fromhex(sys.argv[1])).hexdigest())",
                                             [raw.map { String(format: "%02x", $0) }.joined()])
        #expect(key.keyID + "\n" == hashed)
        let printed = try await cli(["keygen", "--output", temp.url.appendingPathComponent("other").path]).stdout
        #expect(!printed.contains("PRIVATE KEY"))

        let before = try Data(contentsOf: key.file)
        let again = try await cli(["keygen", "--output", key.file.deletingLastPathComponent().path])
        #expect(again.status == 1)
        #expect(again.stderr.contains("exists; keygen never overwrites a key"))
        #expect(try Data(contentsOf: key.file) == before)
    }

    @Test func packageSignsWithEveryKeyAndOpenSSLVerifiesEachSignature() async throws {
        let temp = try TemporaryDirectory("signed-package")
        defer { temp.remove() }
        let a = try await keygen(temp.url.appendingPathComponent("a"))
        let b = temp.url.appendingPathComponent("b.pem")
        try OpenSSLSigning.generateKey(at: b)
        let output = temp.url.appendingPathComponent("out")
        let result = try await package(output, ["--signing-key", a.file.path, "--signing-key", b.path])
        #expect(result.status == 0, "\(result.stderr)")
        let folder = output.appendingPathComponent("1.0.0")
        let envelope = try Data(contentsOf: folder.appendingPathComponent("manifest.dsse.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: envelope) as? [String: Any])
        #expect(Data(base64Encoded: object["payload"] as? String ?? "") == (try Data(contentsOf: folder.appendingPathComponent("manifest.json"))))
        let pae = temp.url.appendingPathComponent("pae.bin")
        try OpenSSLSigning.preAuthenticationEncoding(ofEnvelope: envelope, to: pae)
        let signatures = try #require(object["signatures"] as? [[String: String]])
        #expect(signatures.map { $0["keyid"] ?? "" } == [a.keyID, try await keyID(ofKeyAt: b)])
        for (entry, key) in zip(signatures, [a.file, b]) {
            let signature = try #require(Data(base64Encoded: entry["sig"] ?? ""))
            #expect(try OpenSSLSigning.verify(Array(signature), message: pae, key: key, in: temp.url))
        }
        #expect(result.stdout.contains("Signed: \(folder.path)/manifest.dsse.json and index.dsse.json, keyid \(a.keyID), \(try await keyID(ofKeyAt: b))"))

        // `verify` accepts the folder; a ZIP changed after signing is named with both hashes.
        let verified = try await cli(["verify", folder.path, "--trusted-key", a.publicKey])
        #expect(verified.status == 0, "\(verified.stdout)")
        #expect(verified.stdout.hasSuffix("Verified: 4 modules for app version 1.0.0, published 2026-07-24T10:00:00Z.\n"))
        // The full ZIP, `Checkout-<16 hex>.zip` (the slices' names have one more `-` part).
        let zip = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().first {
            $0.hasPrefix("Checkout-") && $0.split(separator: "-").count == 2
        })
        var bytes = try Data(contentsOf: folder.appendingPathComponent(zip))
        bytes[bytes.count - 1] ^= 0xFF
        try bytes.write(to: folder.appendingPathComponent(zip))
        let damaged = try await cli(["verify", folder.path, "--trusted-key", a.publicKey])
        #expect(damaged.status == 1)
        let actual = try await ExternalTool.sha256sum(folder.appendingPathComponent(zip))
        #expect(damaged.stdout.contains("FAIL  Checkout: \(folder.path)/\(zip) has SHA-256 \(actual), the manifest says "))
        let untrusted = try await cli(["verify", folder.path, "--trusted-key", Data(count: 32).base64EncodedString()])
        #expect(untrusted.status == 1 && untrusted.stdout.contains("(untrusted-key)"))
    }

    @Test func theKeyFileCanComeFromTheEnvironmentAndAnUnsignedRunRemovesTheEnvelope() async throws {
        let temp = try TemporaryDirectory("signed-env")
        defer { temp.remove() }
        let key = try await keygen(temp.url.appendingPathComponent("k"))
        let output = temp.url.appendingPathComponent("out")
        var environment = ProcessInfo.processInfo.environment
        environment["OTA_SIGNING_KEY_FILE"] = key.file.path
        await #expect(try package(output, [], environment: environment).status == 0)
        let envelope = output.appendingPathComponent("1.0.0/manifest.dsse.json")
        await #expect(try cli(["verify", envelope.deletingLastPathComponent().path, "--trusted-key", key.publicKey]).status == 0)
        environment["OTA_SIGNING_KEY_FILE"] = nil
        await #expect(try package(output, [], environment: environment).status == 0)
        #expect(!FileManager.default.fileExists(atPath: envelope.path))
    }

    @Test(arguments: ["missing", "not-a-key", "folder"])
    func aKeyThatCannotBeReadStopsTheRunBeforeAnythingIsWritten(_ kind: String) async throws {
        let temp = try TemporaryDirectory("signed-bad")
        defer { temp.remove() }
        let file = temp.url.appendingPathComponent("key.pem")
        if kind == "not-a-key" { try Data("hello\n".utf8).write(to: file) }
        if kind == "folder" { try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true) }
        let output = temp.url.appendingPathComponent("out")
        let result = try await package(output, ["--signing-key", file.path])
        #expect(result.status == 1)
        let expected = ["missing": "no such file; pass the private key file keygen wrote",
                        "not-a-key": "no '-----BEGIN PRIVATE KEY-----'", "folder": "a folder, not a key file"][kind]!
        #expect(result.stderr.hasPrefix("error: --signing-key \(file.path): ") && result.stderr.contains(expected), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// A CI secret that did not reach the job leaves the variable set but empty: that is an error, and the signed
    /// envelope of an earlier run stays.
    @Test func anEmptyKeyFileVariableStopsTheRunAndKeepsTheEnvelope() async throws {
        let temp = try TemporaryDirectory("signed-empty")
        defer { temp.remove() }
        let key = try await keygen(temp.url.appendingPathComponent("k"))
        let output = temp.url.appendingPathComponent("out")
        await #expect(try package(output, ["--signing-key", key.file.path]).status == 0)
        var environment = ProcessInfo.processInfo.environment
        environment["OTA_SIGNING_KEY_FILE"] = ""
        let result = try await package(output, [], environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: OTA_SIGNING_KEY_FILE is set but empty"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("1.0.0/manifest.dsse.json").path))
    }

    @Test func aTrustedKeyThatIsNotAKeyIsAUsageError() async throws {
        let result = try await cli(["sync", "--base-url", "http://127.0.0.1:9", "--app-version", "1.0", "--into", "/tmp/x",
                              "--trusted-key", "abc"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: --trusted-key: public key 'abc' is not base64"))
    }

    private func keyID(ofKeyAt file: URL) async throws -> String {
        let raw = try OpenSSLSigning.rawPublicKey(ofPrivateKeyAt: file)
        return try await ExternalTool.python("import hashlib, sys; print(hashlib.sha256(bytes.fromhex(sys.argv[1])).hexdigest(), end='')",
                                       [raw.map { String(format: "%02x", $0) }.joined()])
    }
}
