import OTALocalizationsCore
import OTALocalizationsPackager

/// The text and JSON `publish`, `promote`, `rollout` and `experiment` print.
enum ReleaseText {
    static func planText(_ plan: PublishPlan) -> String {
        var lines = ["Plan: publish \(plan.source.path) to \(plan.destination) (dry run, nothing written):"]
        for item in plan.archives {
            let note = switch item.action {
            case .upload: ""
            case .skip: ", already there with these bytes"
            case .replace: ", there with other bytes or headers"
            }
            lines.append("  \(item.action.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0))\(item.name) (\(Output.grouped(item.size)) bytes)\(note)")
        }
        lines.append("  check  every file at the destination")
        for item in plan.manifests {
            lines.append("  \(item.upload ? "write " : "skip  ") \(item.name) (\(Output.grouped(item.size)) bytes), last"
                + (item.upload ? (item.action == .replace ? ", there with other headers" : "") : ", already there with these bytes"))
        }
        if let distribution = plan.distribution {
            lines.append(plan.invalidationPaths.isEmpty
                ? "  invalidate nothing on CloudFront \(distribution): nothing is written"
                : "  invalidate \(plan.invalidationPaths.joined(separator: " ")) on CloudFront \(distribution)")
        }
        return lines.joined(separator: "\n")
    }

    static func resultText(_ result: PublishResult) -> String {
        let plan = result.plan
        let skipped = plan.archives.count - plan.uploads.count
        let replaced = plan.archives.filter { $0.action == .replace }.count
        var lines = ["Published app version \(plan.appVersion)" + (plan.channel.map { " (channel \($0))" } ?? "") + " to \(plan.destination), "
            + "publishedAt \(plan.publishedAt):"]
        lines.append("  \(Output.count(plan.uploads.count, "file")) uploaded" + (replaced > 0 ? " (\(replaced) replacing other bytes or headers)" : "")
            + ", \(skipped) already there, \(result.verified.count) checked")
        let written = plan.manifests.filter(\.upload).map(\.name)
        lines.append("  " + (written.isEmpty ? "no manifest changed" : written.joined(separator: ", ") + " written last"))
        if let id = result.invalidationID {
            lines.append("  CloudFront \(plan.distribution ?? ""): invalidation \(id) of \(plan.invalidationPaths.joined(separator: " "))")
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ plan: PublishPlan, result: PublishResult?) -> String {
        let archives = plan.archives.map {
            "{\"name\":\(JSONText.quoted($0.name)),\"kind\":\"\($0.kind.rawValue)\",\"size\":\($0.size),\"action\":\"\($0.action.rawValue)\"}"
        }
        let manifests = plan.manifests.map {
            "{\"name\":\(JSONText.quoted($0.name)),\"kind\":\"\($0.kind.rawValue)\",\"size\":\($0.size),\"action\":\"\($0.action.rawValue)\"}"
        }
        let invalidation = plan.distribution.map { distribution in
            "{\"distribution\":\(JSONText.quoted(distribution)),\"paths\":[\(plan.invalidationPaths.map(JSONText.quoted).joined(separator: ","))],"
                + "\"id\":\(result?.invalidationID.map(JSONText.quoted) ?? "null")}"
        } ?? "null"
        let written = result.map { "[" + $0.written.map(JSONText.quoted).joined(separator: ",") + "]" } ?? "[]"
        return "{\"appVersion\":\(JSONText.quoted(plan.appVersion)),\"channel\":\(plan.channel.map(JSONText.quoted) ?? "null"),"
            + "\"publishedAt\":\(JSONText.quoted(plan.publishedAt.description)),"
            + "\"destination\":\(JSONText.quoted(plan.destination.description)),\"dryRun\":\(result == nil),"
            + "\"archives\":[\(archives.joined(separator: ","))],\"manifests\":[\(manifests.joined(separator: ","))],"
            + "\"written\":\(written),\"verified\":\(result?.verified.count ?? 0),\"invalidation\":\(invalidation)}"
    }

    /// A `promote`, `rollout` or `experiment` result.
    static func editText(_ result: ReleaseEditResult, in folder: PublishLocation) -> String {
        let manifest = result.manifest
        var lines = ["\(result.written ? "Wrote" : "Would write (dry run)") \(folder.display(result.manifestName)), publishedAt \(manifest.publishedAtTimestamp)"
            + (result.previous.map { " (was \($0.publishedAtTimestamp))" } ?? "") + ":"]
        lines.append("  modules: " + (manifest.modules.isEmpty ? "none" : manifest.modules.map { "\($0.name) \($0.sha256.prefix(16))" }.joined(separator: ", ")))
        if let rollout = manifest.rollout {
            lines.append("  rollout \(rollout.id) at \(rollout.percentText)%: " + rollout.modules.map { "\($0.name) \($0.sha256.prefix(16))" }.joined(separator: ", "))
        } else if let experiment = manifest.experiment {
            lines += experimentLines(experiment)
        } else {
            lines.append("  no rollout or experiment")
        }
        let channel = manifest.channel
        lines.append("  with: \(ManifestChannel.indexFileName(channel: channel)) and its parts, what devices read")
        if let envelope = result.envelopeName {
            lines.append("  signed: \(folder.display(envelope)) and \(ManifestChannel.indexEnvelopeFileName(channel: channel))")
        }
        return lines.joined(separator: "\n")
    }

    static func editJSON(_ result: ReleaseEditResult, in folder: PublishLocation) -> String {
        let manifest = result.manifest
        func names(_ modules: [ManifestModule]) -> String {
            "[" + modules.map { "{\"name\":\(JSONText.quoted($0.name)),\"path\":\(JSONText.quoted($0.path))}" }.joined(separator: ",") + "]"
        }
        let rollout = manifest.rollout.map {
            "{\"id\":\(JSONText.quoted($0.id)),\"percent\":\($0.percentText),\"modules\":\(names($0.modules))}"
        } ?? "null"
        let experiment = manifest.experiment.map { experiment in
            let arms = experiment.arms.map {
                "{\"name\":\(JSONText.quoted($0.name)),\"start\":\($0.range.start),\"percent\":\($0.range.percentText),"
                    + "\"modules\":\(names($0.modules)),\"removedModules\":[\($0.removedModules.map(JSONText.quoted).joined(separator: ","))]}"
            }
            return "{\"id\":\(JSONText.quoted(experiment.id)),"
                + "\"control\":{\"start\":\(experiment.control.start),\"percent\":\(experiment.control.percentText)},"
                + "\"arms\":[\(arms.joined(separator: ","))]}"
        } ?? "null"
        return "{\"manifest\":\(JSONText.quoted(folder.display(result.manifestName))),"
            + "\"envelope\":\(result.envelopeName.map { JSONText.quoted(folder.display($0)) } ?? "null"),"
            + "\"written\":\(result.written),\"publishedAt\":\(JSONText.quoted(manifest.publishedAtTimestamp.description)),"
            + "\"previousPublishedAt\":\(result.previous.map { JSONText.quoted($0.publishedAtTimestamp.description) } ?? "null"),"
            + "\"modules\":\(names(manifest.modules)),\"rollout\":\(rollout),\"experiment\":\(experiment)}"
    }

    /// An experiment's lines in ``editText(_:in:)``: control's and each arm's range of buckets and what it shows.
    static func experimentLines(_ experiment: ManifestExperiment) -> [String] {
        func range(_ start: Int, _ points: Int) -> String {
            "\(percent(basisPoints: points))%" + (points == 0 ? ", no bucket" : ", buckets \(start) to \(start + points - 1)")
        }
        var lines = ["  experiment \(experiment.id):"]
        lines.append("    control at \(range(experiment.control.start, experiment.control.basisPoints)): production's modules")
        for arm in experiment.arms {
            let shows = arm.modules.map { "\($0.name) \($0.sha256.prefix(16))" } + arm.removedModules.map { "removes \($0)" }
            lines.append("    arm \(arm.name) at \(range(arm.range.start, arm.range.basisPoints)): " + shows.joined(separator: ", "))
        }
        return lines
    }

    /// Basis points as a percent, the shortest decimal with at most two fraction digits (`10`, `12.5`, `33.33`).
    static func percent(basisPoints: Int) -> String {
        let whole = basisPoints / 100, fraction = basisPoints % 100
        if fraction == 0 { return "\(whole)" }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
