import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager

/// `ota-localizations rollout`: changes or ends the staged rollout of a published production manifest.
enum RolloutCommand: Command {
    static let name = "rollout"
    static let summary = "Change the percent of production's staged rollout, finish it or cancel it"
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
          --percent <p>             0 to 100, at most two decimals (e.g. 25 or 12.5).
          --finish                  Every device gets the rollout's modules.
          --cancel                  No device gets them; devices in the rollout go back to production's modules.
        \(ReleaseEditArguments.sharedHelp)
        """

    static func run(_ arguments: [String]) -> Output.Status {
        let wantsJSON = ErrorJSON.isRequested(in: arguments)
        do {
            let args = try ArgumentList(
                arguments, valueOptions: ReleaseEditArguments.valueOptions.union(["percent"]),
                flagOptions: ReleaseEditArguments.flagOptions.union(["finish", "cancel"]), repeatableOptions: ["signing-key", "trusted-key"])
            let options = try ReleaseEditArguments.options(args)
            let chosen = [args.value("percent") != nil, args.flag("finish"), args.flag("cancel")].filter { $0 }.count
            guard chosen == 1 else {
                throw UsageError(message: chosen == 0 ? "give --percent <p>, --finish or --cancel" : "give only one of --percent, --finish and --cancel")
            }
            if let text = args.value("percent") {
                guard let points = ReleaseEdit.basisPoints(percent: text) else {
                    throw UsageError(message: "--percent '\(text)' is not a percent from 0 to 100 with at most two decimals, e.g. 25 or 12.5")
                }
                return ReleaseEditArguments.run(options, json: wantsJSON) { try ReleaseEdit.setRolloutPercent(basisPoints: points, $0) }
            }
            if args.flag("finish") {
                return ReleaseEditArguments.run(options, json: wantsJSON) { try ReleaseEdit.finishRollout($0) }
            }
            return ReleaseEditArguments.run(options, json: wantsJSON) { try ReleaseEdit.cancelRollout($0) }
        } catch let error as UsageError {
            if wantsJSON { Output.out(ErrorJSON.text(code: "usage", message: error.message)) }
            return usageError(error.message)
        } catch {
            return ReleaseArguments.report(error, json: wantsJSON)
        }
    }
}
