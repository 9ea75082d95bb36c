import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager

/// `ota-localizations refresh-expiry`: signs a channel's live publish again with a later `expires`, for a scheduled
/// CI job (docs/signing.md, "Freeze").
enum RefreshExpiryCommand: Command {
    static let name = "refresh-expiry"
    static let summary = "Sign a channel's live publish again with a later expiry, same publishedAt and files"
    enum Option {
        static let expiresIn = CommandOption.value("expires-in", "<duration>", help: """
            The new expires, this long after now: a whole number and d, h, m or s
            (e.g. 7d, 36h). Required.
            """)
        static let channel = CommandOption.value("channel", "<name>", default: ManifestChannel.production) {
            "The channel whose publish is signed again (default: \($0), manifest.json)."
        }
    }
    static let options = [Option.expiresIn, Option.channel] + ReleaseEditArguments.sharedOptions
    static let help = """
        OVERVIEW: Sign a published channel again with a new expires (docs/signing.md, "Freeze"; docs/ci.md).

        USAGE: ota-localizations refresh-expiry <version folder> --expires-in <duration> [--channel <name>] [options]

        <version folder> is a published <base>/<version>: s3://<bucket>/<prefix>/<version> or a local folder.
        Writes the channel's manifest and index again (and, with keys, their envelopes), each a compare-and-swap,
        with expires set to now plus --expires-in and everything else as it was: the same publishedAt, modules,
        rollout and index parts. ZIPs and parts are not written, so they keep their ETags: a device holding the
        publish downloads the index root alone and installs nothing. Devices refuse an index past its expires (more
        than publishedAtToleranceSeconds after it), so run this on a schedule well inside the window, e.g. daily with
        --expires-in 7d. With keys, the manifest is read only through its envelope and must verify with a trusted key.

        OPTIONS:
        \(CommandOption.helpText(options, column: 28))

        \(ReleaseEditArguments.closingHelp)
        """

    static func run(_ arguments: [String]) -> Output.Status {
        run(arguments, reporting: ReleaseArguments.reporting) { args in
            let options = try ReleaseEditArguments.options(args)
            let text = try args.required(Option.expiresIn)
            guard let seconds = ReleaseEdit.durationSeconds(text) else {
                throw UsageError(message: "--expires-in '\(text)' is not a duration: a whole number and d, h, m or s, e.g. 7d or 36h (at most 10 years)")
            }
            let channel = try ReleaseArguments.channel(args.valueOrDefault(Option.channel), option: "--channel") ?? ManifestChannel.production
            if options.signingKeys.isEmpty {
                Output.err("warning: without --signing-key the new expires is not signed, and protects no device: only devices "
                    + "with trusted keys check it, and they read the signed index (docs/signing.md, \"Freeze\")")
            }
            let result = try ReleaseEdit.refreshExpiry(channel: channel, expiresInSeconds: seconds, options)
            return ReleaseEditArguments.print(result, of: options, args)
        }
    }
}
