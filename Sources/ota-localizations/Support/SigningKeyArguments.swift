import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing
import OTALocalizationsPackager

/// The signing options shared by `package`, `verify` and `sync` (docs/signing.md).
enum SigningKeyArguments {
    /// The environment variable naming one private key file, used when no `--signing-key` is given.
    static let environmentVariable = "OTA_SIGNING_KEY_FILE"

    /// Reads every `--signing-key` file (or `$OTA_SIGNING_KEY_FILE` when there is none), in order.
    ///
    /// `OTA_SIGNING_KEY_FILE` set but empty is an error, not an unsigned publish: in CI it means the secret did not
    /// reach the job, and an unsigned publish would be refused by every app that trusts a key.
    /// - Throws: ``PackagerError`` `configuration` naming the file that cannot be read or is not an Ed25519 key.
    static func signingKeys(_ paths: [String], environment: [String: String]) throws -> [ManifestSigningKey] {
        var files = paths
        if files.isEmpty, let path = environment[environmentVariable] {
            guard !path.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw PackagerError(
                    code: .configuration,
                    reason: "\(environmentVariable) is set but empty: set it to the private key file, or unset it to publish unsigned")
            }
            files = [path]
        }
        return try files.map { path in
            let source = paths.isEmpty ? "\(environmentVariable) \(path)" : "--signing-key \(path)"
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw PackagerError(code: .configuration, reason: "\(source): no such file; pass the private key file keygen wrote")
            }
            guard !isFolder.boolValue, let data = FileManager.default.contents(atPath: path) else {
                let what = isFolder.boolValue ? "a folder, not a key file" : "cannot be read"
                throw PackagerError(code: .configuration, reason: "\(source): \(what)")
            }
            do {
                return try ManifestSigningKey(pem: String(decoding: data, as: UTF8.self))
            } catch let error as ManifestSignatureError {
                throw PackagerError(code: .configuration, reason: "\(source): \(error.reason)")
            } catch {
                throw PackagerError(code: .configuration, reason: "\(source): \(error)")
            }
        }
    }

    /// Every `--trusted-key` value as a public key.
    /// - Throws: ``UsageError`` naming the value that is not the base64 of a 32-byte Ed25519 public key.
    static func trustedKeys(_ values: [String]) throws -> [ManifestPublicKey] {
        try values.map { value in
            do {
                return try ManifestPublicKey(base64: value)
            } catch let error as ManifestSignatureError {
                throw UsageError(message: "--trusted-key: \(error.reason)")
            } catch {
                throw UsageError(message: "--trusted-key: \(error)")
            }
        }
    }
}
