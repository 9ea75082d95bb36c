import Foundation
import OTALocalizationsCore
import OTALocalizationsNames

extension Manifest {
    /// The manifest as UTF-8 JSON in the field order of docs/design.md ("The manifest"), two-space indented, one line
    /// per module entry, ending with a newline. `expires`, `channel`, `rollout`, `rollout.removedModules`, `experiment`, an arm's
    /// `removedModules` and a module's `slices` are written only when present, so a manifest without them has the bytes it had before they existed.
    ///
    /// Deterministic: the same manifest always gives the same bytes (slices sorted by localization name).
    /// ``rejectedModules`` is never written.
    public func encoded() -> Data {
        var out = "{\n"
        out += "  \"formatVersion\": \(formatVersion),\n"
        out += "  \"appVersion\": \(JSONText.quoted(appVersion)),\n"
        out += "  \"publishedAt\": \(JSONText.quoted(ManifestDate.format(publishedAtTimestamp))),\n"
        if let expiresTimestamp { out += "  \"expires\": \(JSONText.quoted(ManifestDate.format(expiresTimestamp))),\n" }
        out += "  \"developmentRegion\": \(JSONText.quoted(developmentRegion)),\n"
        if let channel { out += "  \"channel\": \(JSONText.quoted(channel)),\n" }
        out += "  \"modules\": " + Self.encoded(modules, indent: "  ") + (rollout == nil && experiment == nil ? "\n" : ",\n")
        if let rollout {
            out += "  \"rollout\": {\n"
            out += "    \"id\": \(JSONText.quoted(rollout.id)),\n"
            out += "    \"percent\": \(rollout.percentText),\n"
            out += "    \"modules\": " + Self.encoded(rollout.modules, indent: "    ") + (rollout.removedModules.isEmpty ? "\n" : ",\n")
            if !rollout.removedModules.isEmpty {
                out += "    \"removedModules\": [" + rollout.removedModules.map(JSONText.quoted).joined(separator: ", ") + "]\n"
            }
            out += "  }" + (experiment == nil ? "\n" : ",\n")
        }
        if let experiment { out += Self.encoded(experiment) }
        out += "}\n"
        return Data(out.utf8)
    }

    /// `"experiment": {"id", "control": {"start", "percent"}, "arms": [{"name", "start", "percent", "modules",
    /// "removedModules"?}]}`, the arms in their order, ending with a newline.
    private static func encoded(_ experiment: ManifestExperiment) -> String {
        var out = "  \"experiment\": {\n"
        out += "    \"id\": \(JSONText.quoted(experiment.id)),\n"
        out += "    \"control\": { \"start\": \(experiment.control.start), \"percent\": \(experiment.control.percentText) },\n"
        out += "    \"arms\": [\n"
        for (index, arm) in experiment.arms.enumerated() {
            out += "      {\n"
            out += "        \"name\": \(JSONText.quoted(arm.name)),\n"
            out += "        \"start\": \(arm.range.start),\n"
            out += "        \"percent\": \(arm.range.percentText),\n"
            out += "        \"modules\": " + encoded(arm.modules, indent: "        ") + (arm.removedModules.isEmpty ? "\n" : ",\n")
            if !arm.removedModules.isEmpty {
                out += "        \"removedModules\": [" + arm.removedModules.map(JSONText.quoted).joined(separator: ", ") + "]\n"
            }
            out += index == experiment.arms.count - 1 ? "      }\n" : "      },\n"
        }
        out += "    ]\n"
        return out + "  }\n"
    }

    /// A `modules` array: `[]`, or one entry per line indented by `indent` plus two spaces.
    private static func encoded(_ modules: [ManifestModule], indent: String) -> String {
        guard !modules.isEmpty else { return "[]" }
        var out = "[\n"
        for (index, module) in modules.enumerated() {
            let localizations = module.localizations.map(JSONText.quoted).joined(separator: ", ")
            out += "\(indent)  { \"name\": \(JSONText.quoted(module.name)), \"path\": \(JSONText.quoted(module.path)), "
            out += "\"sha256\": \(JSONText.quoted(module.sha256)), \"size\": \(module.size), "
            out += "\"localizations\": [\(localizations)]"
            if let slices = module.slices {
                let named = UTF8ByteOrder.sorted(Array(slices.localizations.keys))
                    .map { "\(JSONText.quoted($0)): \(encoded(slices.localizations[$0]!))" }.joined(separator: ", ")
                out += ", \"slices\": { \"base\": \(encoded(slices.base)), \"localizations\": { \(named) } }"
            }
            out += " }"
            out += index == modules.count - 1 ? "\n" : ",\n"
        }
        return out + "\(indent)]"
    }

    private static func encoded(_ slice: PublishedFile) -> String {
        "{ \"path\": \(JSONText.quoted(slice.path)), \"sha256\": \(JSONText.quoted(slice.sha256)), \"size\": \(slice.size) }"
    }
}
