import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager

/// `ota-localizations promote`: gives production (or another channel) a published channel's modules.
enum PromoteCommand: Command {
    static let name = "promote"
    static let summary = "Give production a published channel's modules, at once or as a staged rollout"
    enum Option {
        static let from = CommandOption.value("from", "<channel>", help: "The channel promoted, e.g. staging.")
        static let to = CommandOption.value("to", "<channel>", default: ManifestChannel.production) {
            "The channel written (default: \($0), manifest.json)."
        }
        static let rollout = CommandOption.value("rollout", "<percent>", help: "0 to 100, at most two decimals (e.g. 5 or 12.5).")
    }
    static let options = [Option.from, Option.to, Option.rollout] + ReleaseEditArguments.sharedOptions
    static let help = """
        OVERVIEW: Copy one channel's modules to another in a published version folder (docs/rollouts.md).

        USAGE: ota-localizations promote <version folder> --from <channel> [--to <channel>] [--rollout <percent>] [options]

        <version folder> is a published <base>/<version>: s3://<bucket>/<prefix>/<version> or a local folder.
        Without --rollout, manifest.json (or --to's manifest) gets exactly the modules of manifest.<from>.json. With
        --rollout <percent> (production only), the modules that differ from production's become production's rollout,
        with a fresh random id, on that share of devices; 'rollout' changes the percent or finishes it.
        With keys, the --from manifest and the one it replaces are read only through their envelopes and must verify
        with a trusted key; only those bytes are signed again. The new manifest gets a new publishedAt, later than the
        one it replaces. Refused, with nothing written, when a file the new manifest lists is missing from the folder,
        or holds other bytes than its SHA-256 (checked for every file the replaced manifest did not list already).
        Without a production manifest, --rollout starts on one with no stable modules.

        OPTIONS:
        \(CommandOption.helpText(options, column: 28))

        \(ReleaseEditArguments.closingHelp)
        """

    static func run(_ arguments: [String]) -> Output.Status {
        run(arguments, reporting: ReleaseArguments.reporting) { args in
            let options = try ReleaseEditArguments.options(args)
            guard let from = try ReleaseArguments.channel(try args.required(Option.from), option: "--from") else {
                throw UsageError(message: "missing --from <channel>")
            }
            let to = try ReleaseArguments.channel(args.valueOrDefault(Option.to), option: "--to") ?? ManifestChannel.production
            let rollout = try args.value(Option.rollout).map { text in
                guard let points = ReleaseEdit.basisPoints(percent: text) else {
                    throw UsageError(message: "--rollout '\(text)' is not a percent from 0 to 100 with at most two decimals, e.g. 5 or 12.5")
                }
                return points
            }
            // Checked here too, so that a command that cannot mean anything is a usage error (exit status 2).
            if ManifestChannel.recorded(from) == ManifestChannel.recorded(to) {
                throw UsageError(message: "--from and --to are both \(to); promote copies one channel's modules to another")
            }
            if rollout != nil, ManifestChannel.recorded(to) != nil {
                throw UsageError(message: "--rollout runs on production only; leave out --to (or give --to production)")
            }
            let result = try ReleaseEdit.promote(from: from, to: to, rolloutBasisPoints: rollout, options)
            return ReleaseEditArguments.print(result, of: options, args)
        }
    }
}
