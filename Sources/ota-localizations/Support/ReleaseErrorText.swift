import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager

/// The ``PackagerError``s of `publish`, `promote`, `rollout` and `experiment` worded for the command line: the field at fault named
/// by its option (`--channel`, `--cloudfront-distribution`, `--signing-key`, `--from`, `--to`, `--rollout`,
/// `--expect-published-at`, `--arm`, `--winner`, `--percent`).
enum ReleaseErrorText {
    /// The error's first line as `ota-localizations` prints it; nil when its field is not one of these commands'.
    static func message(_ error: PackagerError) -> String? {
        let facts = error.facts
        let (value, problem, location) = (facts.value ?? "", facts.problem ?? "", facts.location ?? "")
        switch error.field {
        case .channel? where error.code != .configuration:
            return facts.problem == nil
                ? "\(location): no such file; give the version folder 'package' wrote (<output>/<version>) with --channel \(value)"
                : "\(problem): publish it with --channel \(value)"
        case .cloudFrontDistribution?:
            let isEmpty = facts.value.map { $0.trimmingCharacters(in: .whitespaces).isEmpty } ?? false
            return "--cloudfront-distribution \(problem)" + (isEmpty ? ", or leave the option out" : "")
        case .signingKeys?:
            guard error.code == .signature else { return "\(problem). Package with --signing-key (publish never deletes)" }
            if value == ManifestChannel.production {
                return "\(problem). Production was published unsigned: to sign it, package the tables its modules came from (the "
                    + "live release's commit) again with --signing-key and no --channel, publish that version folder without "
                    + "--channel (the same tables give the same ZIPs, so devices download nothing new), then run this again"
            }
            return value.isEmpty
                ? "\(problem). Publish the channel signed (package --signing-key)"
                : "\(problem). Publish the channel signed: package --channel \(value) --signing-key, then publish --channel \(value)"
        case .releaseEditSigningKeys?:
            return "\(location) exists, so this channel is signed: pass --signing-key (or set OTA_SIGNING_KEY_FILE), or the old "
                + "signature would keep vouching for the old manifest"
        case .expectedPublishedAt?:
            return "\(location) \(problem), not at \(value) as --expect-published-at says: it is not the manifest this edit was "
                + "meant for (put back, or replaced since). Nothing was signed or written"
        case .expiredPublish?:
            return "\(location) \(problem): it may be an older publish put back, which signing again would revive. Nothing was "
                + "signed or written. Publish the channel again, or, when this is the publish meant, pass --expect-published-at \(value)"
        case .promotionSource?:
            return "\(problem); publish the channel first (package --channel \(value), then publish --channel \(value)), and "
                + "check that \(location) is the version folder publish wrote: <base>/<app version>, e.g. s3://strings/ios/1.0.0"
        case .promotionTarget?:
            return "--from and --to are both \(value); promote copies one channel's modules to another"
        case .rolloutInProgress?:
            return "\(location) carries the staged rollout \(value): a manifest carries a rollout or an experiment, not both. "
                + "Finish or cancel the rollout first ('rollout --finish' or 'rollout --cancel')"
        case .experimentInProgress?:
            return "\(location) carries the experiment \(value): a manifest carries a rollout or one experiment, not more. "
                + "End it first ('experiment end <version folder> --winner <arm>', or --winner control)"
        case .experimentID?:
            return "\(location) has no experiment; start one with 'experiment start <version folder> --id <id> --arm <name>=<channel> --percent <p>'"
        case .experimentArm?:
            return "--arm '\(value)' is not an arm of the experiment; give one of \(problem)"
        case .experimentWinner?:
            return "--winner '\(value)' is not an arm of the experiment; give one of \(problem)"
        case .experimentBasisPoints?:
            return facts.value.map { name in
                "--percent: \(name == ManifestExperiment.controlArmName ? "control" : "arm \(name)") may have at most \(problem)%: "
                    + "a share grows from its range's start only, up to its slot, and never into the next range"
            } ?? "--percent: each arm and control may have at most \(problem)% (an equal slot of the buckets each)"
        case .rolloutBasisPoints?:
            return facts.location == nil
                ? "--rollout runs on production only; promote to production"
                : "\(location) has no rollout; start one with 'promote --rollout <percent>'"
        default:
            return nil
        }
    }
}
