import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager

/// The options and the run `promote` and `rollout` share.
enum ReleaseEditArguments {
    static let valueOptions: Set<String> = ["manifest-max-age", "expect-published-at"]
    static let flagOptions: Set<String> = ["dry-run", "json"]

    static let sharedHelp = """
          --signing-key <pem>       Sign the new manifest and index (manifest.dsse.json, index.dsse.json) with this
                                    Ed25519 private key; repeatable. Default: $OTA_SIGNING_KEY_FILE when set.
                                    Required when the folder already has the channel's envelope (docs/signing.md).
          --trusted-key <base64>    A public key whose signature makes a published manifest a valid source;
                                    repeatable. With this or --signing-key (whose own public key counts), every
                                    manifest read is read through its envelope and verified first: an unsigned or
                                    mismatching one is refused (code signature) and nothing is signed.
          --expect-published-at <date>  The publishedAt (RFC 3339) of the manifest this edit starts from, as the
                                    run that published it recorded it: --from's for promote, production's for
                                    rollout. Refused when the folder holds another one (an older signed manifest
                                    put back cannot be signed again with a new date).
          --manifest-max-age <s>    Cache-Control "public, max-age=<s>" on S3 instead of "no-cache".
          --dry-run                 Print the manifest that would be written; write nothing.
          --json                    Print one JSON object on stdout (also for errors: {"error": {"code", "message"}}).
          -h, --help                Show this help.

        S3 goes through the AWS CLI, as for 'publish' (its credentials and AWS_ENDPOINT_URL apply).

        EXIT STATUS: 0 written (or planned), 1 refused or failed (nothing written), 2 usage error.
        """

    /// The version folder and the shared options.
    /// - Throws: ``UsageError`` for a bad location or max-age; ``PackagerError`` for a signing key that cannot be read.
    static func options(_ args: ArgumentList) throws -> ReleaseEditOptions {
        ReleaseEditOptions(
            versionFolder: try ReleaseArguments.location(try args.onePositional("version folder"), option: "<version folder>"),
            signingKeys: try SigningKeyArguments.signingKeys(args.values("signing-key"), environment: ProcessInfo.processInfo.environment),
            trustedKeys: try SigningKeyArguments.trustedKeys(args.values("trusted-key")),
            manifestMaxAgeSeconds: try ReleaseArguments.maxAge(args.value("manifest-max-age")),
            dryRun: args.flag("dry-run"),
            expectedPublishedAt: try args.value("expect-published-at").map { text in
                guard let date = ManifestDate.parseTimestamp(text) else {
                    throw UsageError(message: "--expect-published-at '\(text)' is not an RFC 3339 date-time, e.g. 2026-07-24T10:00:00Z")
                }
                return date
            })
    }

    /// Runs `edit` with `options` and prints its result (or the error).
    static func run(_ options: ReleaseEditOptions, json: Bool, _ edit: (ReleaseEditOptions) throws -> ReleaseEditResult) -> Output.Status {
        do {
            let result = try edit(options)
            Output.out(json ? ReleaseText.editJSON(result, in: options.versionFolder) : ReleaseText.editText(result, in: options.versionFolder))
            return .success
        } catch {
            return ReleaseArguments.report(error, json: json)
        }
    }
}
