import Foundation
import OTALocalizationsCore
import OTALocalizationsNames

extension ManifestIndex {
    /// The root as UTF-8 JSON: `formatVersion`, `appVersion`, `publishedAt`, `expires` (only when set), `developmentRegion`, `channel` (only for
    /// a channel other than production), `parts`, and `rollout` or `experiment` (only when one runs), two-space indented, one part per
    /// line, ending with a newline (docs/design.md, "The published index"). Deterministic.
    public func encoded() -> Data {
        var out = "{\n"
        out += "  \"formatVersion\": \(Self.formatVersion),\n"
        out += "  \"appVersion\": \(JSONText.quoted(appVersion)),\n"
        out += "  \"publishedAt\": \(JSONText.quoted(ManifestDate.format(publishedAtTimestamp))),\n"
        if let expiresTimestamp { out += "  \"expires\": \(JSONText.quoted(ManifestDate.format(expiresTimestamp))),\n" }
        out += "  \"developmentRegion\": \(JSONText.quoted(developmentRegion)),\n"
        if let channel { out += "  \"channel\": \(JSONText.quoted(channel)),\n" }
        out += "  \"parts\": " + Self.encoded(parts, indent: "  ") + (rollout == nil && experiment == nil ? "\n" : ",\n")
        if let rollout {
            out += "  \"rollout\": {\n"
            out += "    \"id\": \(JSONText.quoted(rollout.id)),\n"
            out += "    \"percent\": \(ManifestRollout(id: rollout.id, basisPoints: rollout.basisPoints, modules: []).percentText),\n"
            out += "    \"parts\": " + Self.encoded(rollout.parts, indent: "    ")
            if !rollout.removedModules.isEmpty {
                out += ",\n    \"removedModules\": [" + rollout.removedModules.map(JSONText.quoted).joined(separator: ", ") + "]"
            }
            out += "\n  }" + (experiment == nil ? "\n" : ",\n")
        }
        if let experiment { out += Self.encoded(experiment) }
        out += "}\n"
        return Data(out.utf8)
    }

    /// `"experiment": {"id", "control": {"start", "percent"}, "arms": [{"name", "start", "percent", "parts",
    /// "removedModules"?}]}`, ending with a newline.
    private static func encoded(_ experiment: Experiment) -> String {
        var out = "  \"experiment\": {\n"
        out += "    \"id\": \(JSONText.quoted(experiment.id)),\n"
        out += "    \"control\": {\"start\": \(experiment.control.start), \"percent\": \(experiment.control.percentText)},\n"
        out += "    \"arms\": [\n"
        for (index, arm) in experiment.arms.enumerated() {
            out += "      {\n"
            out += "        \"name\": \(JSONText.quoted(arm.name)),\n"
            out += "        \"start\": \(arm.range.start),\n"
            out += "        \"percent\": \(arm.range.percentText),\n"
            out += "        \"parts\": " + encoded(arm.parts, indent: "        ")
            if !arm.removedModules.isEmpty {
                out += ",\n        \"removedModules\": [" + arm.removedModules.map(JSONText.quoted).joined(separator: ", ") + "]"
            }
            out += index == experiment.arms.count - 1 ? "\n      }\n" : "\n      },\n"
        }
        out += "    ]\n"
        return out + "  }\n"
    }

    private static func encoded(_ parts: IndexParts, indent: String) -> String {
        var out = "{\n"
        out += "\(indent)  \"base\": \(IndexJSON.part(parts.base)),\n"
        out += "\(indent)  \"full\": \(IndexJSON.part(parts.full)),\n"
        let names = UTF8ByteOrder.sorted(Array(parts.localizations.keys))
        if names.isEmpty {
            out += "\(indent)  \"localizations\": {}\n"
        } else {
            out += "\(indent)  \"localizations\": {\n"
            out += names.map { "\(indent)    \(JSONText.quoted($0)): \(IndexJSON.part(parts.localizations[$0]!))" }
                .joined(separator: ",\n")
            out += "\n\(indent)  }\n"
        }
        return out + "\(indent)}"
    }
}
