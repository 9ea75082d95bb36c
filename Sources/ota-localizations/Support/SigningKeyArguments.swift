import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager

/// The signing options shared by `package`, `verify` and `sync` (docs/signing.md).
enum SigningKeyArguments {
    /// The environment variable naming one private key file, used when no `--signing-key` is given.
    static let environmentVariable = "OTA_SIGNING_KEY_FILE"

    /// Reads every `--signing-key` file (or `$OTA_SIGNING_KEY_FILE` when there is none), in order.
    /// - Throws: ``PackagerError`` `configuration` naming the file that cannot be read or is not an Ed25519 key.
    static func signingKeys(_ paths: [String], environment: [String: String]) throws -> [ManifestSigningKey] {
        var files = paths
        if files.isEmpty, let path = environment[environmentVariable], !path.isEmpty { files = [path] }
        return try files.map { path in
            let source = paths.isEmpty ? "\(environmentVariable) \(path)" : "--signing-key \(path)"
            guard let data = FileManager.default.contents(atPath: path) else {
                throw PackagerError(code: .configuration, reason: "\(source): cannot be read")
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
