import Foundation

/// The `openssl` command line and Python's standard library as the independent Ed25519 and DSSE implementation the
/// signing tests compare with: openssl makes keys and signs or verifies raw messages (`pkeyutl -rawin`), Python
/// builds the DSSE pre-authentication encoding from an envelope's JSON.
public enum OpenSSLSigning {
    /// A new Ed25519 private key as `openssl genpkey -algorithm ed25519` writes it, saved at `file`.
    public static func generateKey(at file: URL) throws {
        try check(["openssl", "genpkey", "-algorithm", "ed25519", "-out", file.path])
    }

    /// The 32 raw public-key bytes of the PEM private key at `file`, as openssl derives them (the last 32 bytes
    /// of the DER SubjectPublicKeyInfo).
    public static func rawPublicKey(ofPrivateKeyAt file: URL) throws -> [UInt8] {
        let der = try check(["openssl", "pkey", "-in", file.path, "-pubout", "-outform", "DER"]).stdout
        return Array(der.suffix(32))
    }

    /// openssl's Ed25519 signature of the bytes in `message` by the PEM private key at `key`.
    public static func sign(_ message: URL, key: URL) throws -> [UInt8] {
        Array(try check(["openssl", "pkeyutl", "-sign", "-inkey", key.path, "-rawin", "-in", message.path]).stdout)
    }

    /// Whether openssl accepts `signature` over the bytes in `message` for the PEM private key at `key`'s public half.
    public static func verify(_ signature: [UInt8], message: URL, key: URL, in folder: URL) throws -> Bool {
        let signatureFile = folder.appendingPathComponent("openssl-\(UUID().uuidString).sig")
        try Data(signature).write(to: signatureFile)
        let result = try ProcessRunner.runBlocking([
            "openssl", "pkeyutl", "-verify", "-inkey", key.path, "-rawin", "-in", message.path, "-sigfile",
            signatureFile.path,
        ])
        return result.status == 0 && result.text.contains("Signature Verified Successfully")
    }

    /// The DSSE v1 pre-authentication encoding of the envelope JSON in `envelope`, built by Python from the
    /// JSON's `payloadType` and base64 `payload`, written to `output`.
    public static func preAuthenticationEncoding(ofEnvelope envelope: Data, to output: URL) throws {
        let script = """
            import base64, json, sys
            e = json.loads(sys.stdin.buffer.read())
            t = e["payloadType"].encode()
            p = base64.b64decode(e["payload"], validate=True)
            open(sys.argv[1], "wb").write(b"DSSEv1 %d %s %d %s" % (len(t), t, len(p), p))
            """
        _ = try ProcessRunner.pythonBlocking(script, [output.path], stdin: envelope)
    }

    @discardableResult
    private static func check(_ arguments: [String]) throws -> ProcessRunner.Result {
        let result = try ProcessRunner.runBlocking(arguments)
        guard result.status == 0 else {
            throw ToolFailure(message: "\(arguments.joined(separator: " ")) failed: \(String(decoding: result.stderr, as: UTF8.self))")
        }
        return result
    }
}
