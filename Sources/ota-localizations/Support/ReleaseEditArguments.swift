import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager

/// The options and the run `promote`, `rollout` and `experiment` share.
enum ReleaseEditArguments {
    static let signingKey = CommandOption.repeatable("signing-key", "<pem>", help: """
        Sign the new manifest and index (manifest.dsse.json, index.dsse.json) with this
        Ed25519 private key; repeatable. Default: $OTA_SIGNING_KEY_FILE when set.
        Required when the folder already has the channel's envelope (docs/signing.md).
        """)
    static let trustedKey = CommandOption.repeatable("trusted-key", "<base64>", help: """
        A public key whose signature makes a published manifest a valid source;
        repeatable. With this or --signing-key (whose own public key counts), every
        manifest read is read through its envelope and verified first: an unsigned or
        mismatching one is refused (code signature) and nothing is signed.
        """)
    static let expectPublishedAt = CommandOption.value("expect-published-at", "<date>", help: """
        The publishedAt (RFC 3339) of the manifest this edit starts from, as the
        run that published it recorded it: --from's for promote, production's for
        rollout and experiment. Refused when the folder holds another one (an older
        signed manifest put back cannot be signed again with a new date).
        """)
    static let manifestMaxAge = CommandOption.value(
        "manifest-max-age", "<s>", help: "Cache-Control \"public, max-age=<s>\" on S3 instead of \"no-cache\".")
    static let dryRun = CommandOption.flag("dry-run", help: "Print the manifest that would be written; write nothing.")
    static let json = CommandOption.flag(
        "json", help: "Print one JSON object on stdout (also for errors: {\"error\": {\"code\", \"message\"}}).")

    static let quiet = CommandOption.flag("quiet", help: "No progress lines on stderr.")

    /// The options `promote`, `rollout` and `experiment` take, after their own.
    static let sharedOptions = [signingKey, trustedKey, expectPublishedAt, manifestMaxAge, dryRun, json, quiet]

    /// What their help says after the OPTIONS section.
    static let closingHelp = """
        S3 goes through the AWS CLI, as for 'publish' (its credentials and AWS_ENDPOINT_URL apply).
        A run killed between manifest.json and index.json is finished by running the same command again
        (docs/hosting.md, "A killed promote or rollout").

        EXIT STATUS: 0 written (or planned), 1 refused or failed (nothing written), 2 usage error.
        """

    /// The version folder (`folder`, else the one positional argument) and the shared options.
    /// - Throws: ``UsageError`` for a bad location or max-age; ``PackagerError`` for a signing key that cannot be read.
    static func options(_ args: ArgumentList, folder text: String? = nil) throws -> ReleaseEditOptions {
        let folder = try ReleaseArguments.location(try text ?? args.onePositional("version folder"), option: "<version folder>")
        let quiet = args.flag(quiet)
        return ReleaseEditOptions(
            versionFolder: folder,
            signingKeys: try SigningKeyArguments.signingKeys(args.values(signingKey), environment: ProcessInfo.processInfo.environment),
            trustedKeys: try SigningKeyArguments.trustedKeys(args.values(trustedKey)),
            manifestMaxAgeSeconds: try ReleaseArguments.maxAge(args.value(manifestMaxAge)),
            dryRun: args.flag(dryRun),
            expectedPublishedAt: try args.value(expectPublishedAt).map { text in
                guard let date = ManifestDate.parseTimestamp(text) else {
                    throw UsageError(message: "--expect-published-at '\(text)' is not an RFC 3339 date-time, e.g. 2026-07-24T10:00:00Z")
                }
                return date
            },
            progress: { step in if !quiet { Output.err(progressLine(step, in: folder)) } })
    }

    /// The progress line on stderr for a step of the edit.
    static func progressLine(_ step: ReleaseEditStep, in folder: PublishLocation) -> String {
        func files(_ count: Int) -> String { "\(Output.grouped(Int64(count))) file\(count == 1 ? "" : "s")" }
        switch step {
        case .read:
            return "read the manifests of \(folder)"
        case .check(let count, let reading):
            return "check \(files(count)) the new manifest lists (reading \(files(reading)) for their SHA-256)"
        case .checkHeaders(let count):
            return "check the stored headers of \(files(count))"
        case .upload(let count):
            return "upload \(files(count)) of the published index to \(folder)"
        case .write(let name):
            return "write \(folder.display(name))"
        }
    }

    /// Prints what an edit wrote (or would write), as JSON with `--json`; returns exit status 0.
    static func print(_ result: ReleaseEditResult, of options: ReleaseEditOptions, _ args: ArgumentList) -> Output.Status {
        let versionFolder = options.versionFolder
        Output.out(args.flag(json) ? ReleaseText.editJSON(result, in: versionFolder) : ReleaseText.editText(result, in: versionFolder))
        return .success
    }
}
