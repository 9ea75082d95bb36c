import Foundation
import OTALocalizationsCore
import OTALocalizationsTooling

/// What `verify` prints: its lines (`ok    …`, `FAIL  …`) and verdict, or one JSON object with `--json`.
enum VerifyText {
    /// The text: one line per check, then the verdict (`Verified: …` or `N problems found.`).
    static func text(_ lines: [PublishVerifier.Line], verified manifest: Manifest?) -> String {
        let checks = lines.map { ($0.passed ? "ok    " : "FAIL  ") + $0.text }
        let problems = lines.filter { !$0.passed }.count
        guard problems == 0, let manifest else {
            return (checks + ["\(Output.count(max(problems, 1), "problem")) found."]).joined(separator: "\n")
        }
        var what = Output.count(manifest.modules.count, "module")
        if let rollout = manifest.rollout {
            what += " and a rollout of \(Output.count(rollout.modules.count, "module")) at \(rollout.percentText)%"
        }
        if let experiment = manifest.experiment {
            let arms = experiment.arms.map { "\($0.name) \($0.range.percentText)%" } + ["control \(experiment.control.percentText)%"]
            what += " and experiment \(experiment.id) (\(arms.joined(separator: ", ")))"
        }
        return (checks + ["Verified: \(what) for app version \(manifest.appVersion), published \(ManifestDate.format(manifest.publishedAtTimestamp))."])
            .joined(separator: "\n")
    }

    /// One JSON object (docs/hosting.md, "Checking what is published"):
    /// `{"folder", "channel", "signed", "passed", "checks": [{"passed", "code", "file", "message"}],
    /// "problems": [{"code", "file", "message"}], "verified": {"appVersion", "publishedAt", "modules", "rollout":
    /// {"percent", "modules"} | null} | null}`. `passed` is the exit status's verdict; `problems` are the failed
    /// `checks`; `verified` describes what a device would install, null unless `passed`. When the folder carries an
    /// experiment, each check and problem also has `"arm"` (the arm it is about, `control` included, or null), and
    /// `verified` has `"experiment": {"id", "control": {"start", "percent"}, "arms": [{"name", "start", "percent",
    /// "modules"}]}`.
    static func json(
        _ lines: [PublishVerifier.Line], verified manifest: Manifest?, folder: String, channel: String?, signed: Bool
    ) -> String {
        func text(_ value: String?) -> String { value.map(JSONText.quoted) ?? "null" }
        let passed = manifest != nil && lines.allSatisfy(\.passed)
        // With an experiment, every check and problem says which arm it is about (null: none).
        let armed = manifest?.experiment != nil || lines.contains { $0.arm != nil }
        func arm(_ line: PublishVerifier.Line) -> String { armed ? ",\"arm\":\(text(line.arm))" : "" }
        let checks = lines.map {
            "{\"passed\":\($0.passed),\"code\":\(text($0.code)),\"file\":\(text($0.file)),\"message\":\(text($0.text))\(arm($0))}"
        }
        let problems = lines.filter { !$0.passed }.map {
            "{\"code\":\(text($0.code)),\"file\":\(text($0.file)),\"message\":\(text($0.text))\(arm($0))}"
        }
        var verified = "null"
        if passed, let manifest {
            let rollout = manifest.rollout.map { "{\"percent\":\(text($0.percentText)),\"modules\":\($0.modules.count)}" } ?? "null"
            let experiment = manifest.experiment.map { experiment in
                let arms = experiment.arms.map {
                    "{\"name\":\(text($0.name)),\"start\":\($0.range.start),\"percent\":\(text($0.range.percentText)),\"modules\":\($0.modules.count)}"
                }
                return ",\"experiment\":{\"id\":\(text(experiment.id)),"
                    + "\"control\":{\"start\":\(experiment.control.start),\"percent\":\(text(experiment.control.percentText))},"
                    + "\"arms\":[\(arms.joined(separator: ","))]}"
            } ?? ""
            verified = "{\"appVersion\":\(text(manifest.appVersion)),"
                + "\"publishedAt\":\(text(ManifestDate.format(manifest.publishedAtTimestamp))),"
                + "\"modules\":\(manifest.modules.count),\"rollout\":\(rollout)\(experiment)}"
        }
        return "{\"folder\":\(text(folder)),\"channel\":\(text(channel ?? ManifestChannel.production)),\"signed\":\(signed),"
            + "\"passed\":\(passed),\"checks\":[\(checks.joined(separator: ","))],"
            + "\"problems\":[\(problems.joined(separator: ","))],\"verified\":\(verified)}"
    }
}
