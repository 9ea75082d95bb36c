import Foundation
import OTALocalizationsCore

/// `ota-localizations verify`: checks a published, signed version folder the way a device would.
enum VerifyCommand: Command {
    static let name = "verify"
    static let summary = "Check a published signed manifest and every ZIP it lists"
    static let help = """
        OVERVIEW: Check a published version folder the way a device with trusted keys would (docs/signing.md).

        USAGE: ota-localizations verify <version-dir or URL> --trusted-key <base64> [--trusted-key <base64> ...]

        Reads manifest.dsse.json, checks that a signature by a trusted key verifies over its payload, decodes the
        signed manifest (its appVersion must be the folder's name), compares it with manifest.json beside it, then
        downloads every ZIP it lists and checks its size and SHA-256. Prints one line per check and names exactly
        what does not match.

        OPTIONS:
          --trusted-key <base64>    A trusted public key (base64 of its 32 bytes, as keygen prints); repeatable.
          -h, --help                Show this help.

        EXIT STATUS: 0 everything matches, 1 something does not (or cannot be read), 2 usage error.
        """

    static func run(_ arguments: [String]) -> Output.Status {
        let folder: PublishedFolder
        let keys: [ManifestPublicKey]
        do {
            let args = try ArgumentList(arguments, valueOptions: [], flagOptions: [], repeatableOptions: ["trusted-key"])
            folder = PublishedFolder(try args.onePositional("version-dir or URL"))
            keys = try SigningKeyArguments.trustedKeys(args.values("trusted-key"))
            guard !keys.isEmpty else { throw UsageError(message: "missing --trusted-key <base64>") }
        } catch let error as UsageError {
            return usageError(error.message)
        } catch {
            return usageError("\(error)")
        }
        var problems = 0
        func problem(_ line: String) {
            problems += 1
            Output.out("FAIL  " + line)
        }

        let envelopeName = "manifest.dsse.json"
        let payload: Data
        switch folder.read(envelopeName, maximumBytes: 6 * 1024 * 1024) {
        case .failure(let failure):
            problem(failure.message)
            return .failure
        case .success(let envelope):
            do {
                let verified = try ManifestEnvelope(bytes: envelope).verifiedPayload(trustedKeys: keys)
                payload = verified.payload
                Output.out("ok    \(folder.display(envelopeName)): signed by trusted keyid \(verified.keyID)")
            } catch {
                problem("\(folder.display(envelopeName)): \(error.reason) (\(error.code))")
                return .failure
            }
        }
        let manifest: Manifest
        do {
            manifest = try Manifest(bytes: payload)
        } catch {
            problem("signed manifest: \(error)")
            return .failure
        }
        if manifest.appVersion != folder.appVersion {
            problem("signed manifest is for app version \"\(manifest.appVersion)\", but the folder is \"\(folder.appVersion)\"")
        }
        for rejected in manifest.rejectedModules {
            problem("signed manifest entry \(rejected.name ?? "(unnamed)"): \(rejected.reason)")
        }
        switch folder.read("manifest.json", maximumBytes: 4 * 1024 * 1024) {
        case .success(let unsigned) where unsigned == payload:
            Output.out("ok    \(folder.display("manifest.json")): the same bytes as the signed payload")
        case .success:
            problem("\(folder.display("manifest.json")): differs from the signed payload (clients without keys see other content)")
        case .failure(let failure):
            problem(failure.message)
        }
        for module in manifest.modules {
            let files = [(module.path, module.sha256, module.size, "")]
                + (module.slices.map { slices in
                    [(slices.base.path, slices.base.sha256, slices.base.size, " (base slice)")]
                        + slices.localizations.sorted { $0.key < $1.key }.map { ($0.value.path, $0.value.sha256, $0.value.size, " (slice \($0.key))") }
                } ?? [])
            var checked = 0
            for (path, expectedSHA256, expectedSize, label) in files {
                switch folder.read(path, maximumBytes: expectedSize + 1) {
                case .failure(let failure):
                    problem("\(module.name)\(label): \(failure.message)")
                case .success(let zip):
                    let sha256 = SHA256Digest.hexString(zip)
                    if Int64(zip.count) != expectedSize {
                        problem("\(module.name)\(label): \(folder.display(path)) is \(zip.count) bytes, the signed manifest says \(expectedSize)")
                    } else if sha256 != expectedSHA256 {
                        problem("\(module.name)\(label): \(folder.display(path)) has SHA-256 \(sha256), the signed manifest says \(expectedSHA256)")
                    } else {
                        checked += 1
                    }
                }
            }
            if checked == files.count {
                let slices = files.count > 1 ? " and \(files.count - 1) slices" : ""
                Output.out("ok    \(module.name): \(module.path), \(Output.grouped(module.size)) bytes\(slices), sha256 matches")
            }
        }
        Output.out(problems == 0
            ? "Verified: \(Output.count(manifest.modules.count, "module")) for app version \(manifest.appVersion), published \(ManifestDate.format(manifest.publishedAtTimestamp))."
            : "\(Output.count(problems, "problem")) found.")
        return problems == 0 ? .success : .failure
    }
}
