import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager

/// `ota-localizations rollout`: changes or ends the staged rollout of a published production manifest.
enum RolloutCommand: Command {
    static let name = "rollout"
    static let summary = "Change the percent of production's staged rollout, finish it or cancel it"
    enum Option {
        static let percent = CommandOption.value("percent", "<p>", help: "0 to 100, at most two decimals (e.g. 25 or 12.5).")
        static let finish = CommandOption.flag("finish", help: "Every device gets the rollout's modules.")
        static let cancel = CommandOption.flag(
            "cancel", help: "No device gets them; devices in the rollout go back to production's modules.")
    }
    static let options = [Option.percent, Option.finish, Option.cancel] + ReleaseEditArguments.sharedOptions
    static let help = """
        OVERVIEW: Edit the rollout 'promote --rollout' started in a published version folder (docs/rollouts.md).

        USAGE: ota-localizations rollout <version folder> (--percent <p> | --finish | --cancel) [options]

        <version folder> is a published <base>/<version>: s3://<bucket>/<prefix>/<version> or a local folder.
        --percent keeps the rollout's id, so raising it only adds devices and lowering it only removes some. --finish
        puts the rollout's modules into production's modules for every device (and removes those it removes) and drops
        the rollout; --cancel drops it and keeps production's modules. Each writes manifest.json and index.json with a
        new publishedAt; with keys, production's manifest is read only through its envelope, verified, and the bytes
        it signed are what is signed again.

        OPTIONS:
        \(CommandOption.helpText(options, column: 28))

        \(ReleaseEditArguments.closingHelp)
        """

    static func run(_ arguments: [String]) -> Output.Status {
        run(arguments, reporting: ReleaseArguments.reporting) { args in
            let options = try ReleaseEditArguments.options(args)
            let chosen = [args.value(Option.percent) != nil, args.flag(Option.finish), args.flag(Option.cancel)].filter { $0 }.count
            guard chosen == 1 else {
                throw UsageError(message: chosen == 0 ? "give --percent <p>, --finish or --cancel" : "give only one of --percent, --finish and --cancel")
            }
            if let text = args.value(Option.percent) {
                guard let points = ReleaseEdit.basisPoints(percent: text) else {
                    throw UsageError(message: "--percent '\(text)' is not a percent from 0 to 100 with at most two decimals, e.g. 25 or 12.5")
                }
                return ReleaseEditArguments.print(try ReleaseEdit.setRolloutPercent(basisPoints: points, options), of: options, args)
            }
            if args.flag(Option.finish) {
                return ReleaseEditArguments.print(try ReleaseEdit.finishRollout(options), of: options, args)
            }
            return ReleaseEditArguments.print(try ReleaseEdit.cancelRollout(options), of: options, args)
        }
    }
}
