import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ota-localizations keygen`: a new Ed25519 manifest-signing key pair.
enum KeygenCommand: Command {
    static let name = "keygen"
    static let summary = "Create an Ed25519 key pair that signs manifests"
    static let fileName = "manifest-signing-key.pem"
    enum Option {
        static let output = CommandOption.value("output", "<dir>", help: "The folder for the private key; created (mode 0700) when missing.")
    }
    static let options = [Option.output]
    static let help = """
        OVERVIEW: Create an Ed25519 key pair that signs manifests (docs/signing.md).

        USAGE: ota-localizations keygen --output <dir>

        Writes <dir>/\(fileName), the private key as unencrypted PKCS#8 PEM (what 'openssl genpkey -algorithm
        ed25519' writes), readable by its owner only (mode 0600), and prints the public key (base64 of its 32
        bytes: give it to the app as a trusted key and to 'verify' and 'sync' as --trusted-key) and its keyid. The
        private key is never printed. An existing key file is never overwritten.

        OPTIONS:
        \(CommandOption.helpText(options, column: 28))

        EXIT STATUS: 0 success, 1 the key file exists or cannot be written, 2 usage error.
        """

    static func run(_ arguments: [String]) -> Output.Status {
        run(arguments, reporting: ErrorReporting(everyErrorIsUsage: true)) { args in
            let folder: URL
            guard args.positionals.isEmpty else { throw UsageError(message: "unexpected argument '\(args.positionals[0])'") }
            folder = URL(fileURLWithPath: try args.required(Option.output))
            do {
                try FileManager.default.createDirectory(
                    at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                Output.err("error: \(folder.path): cannot create the folder (\(error.localizedDescription))")
                return .failure
            }
            let file = folder.appendingPathComponent(fileName)
            let key = ManifestSigningKey.generate()
            // O_EXCL: never replace a key, even one created between a check and the write.
            let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            guard descriptor >= 0 else {
                let reason = errno == EEXIST ? "exists; keygen never overwrites a key (move it away first)" : "cannot be created (errno \(errno))"
                Output.err("error: \(file.path) \(reason)")
                return .failure
            }
            let bytes = Array(key.pemRepresentation.utf8)
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            let synced = fsync(descriptor) == 0
            close(descriptor)
            guard written == bytes.count, synced else {
                unlink(file.path)
                Output.err("error: \(file.path): cannot be written")
                return .failure
            }
            Output.out("""
                Private key: \(file.path) (mode 0600; store it as a CI secret and keep an offline copy, never commit it)
                Public key:  \(key.publicKey.base64)
                Key ID:      \(key.publicKey.keyID)
                """)
            return .success
        }
    }
}
