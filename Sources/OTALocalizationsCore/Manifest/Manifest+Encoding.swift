import Foundation

extension Manifest {
    /// The manifest as UTF-8 JSON in the field order of docs/design.md ("The manifest"), two-space indented, ending
    /// with a newline.
    ///
    /// Deterministic: the same manifest always gives the same bytes. ``rejectedModules`` is never written.
    public func encoded() -> Data {
        var out = "{\n"
        out += "  \"formatVersion\": \(formatVersion),\n"
        out += "  \"appVersion\": \(JSONText.quoted(appVersion)),\n"
        out += "  \"publishedAt\": \(JSONText.quoted(ManifestDate.format(publishedAtTimestamp))),\n"
        out += "  \"developmentRegion\": \(JSONText.quoted(developmentRegion)),\n"
        if modules.isEmpty {
            out += "  \"modules\": []\n"
        } else {
            out += "  \"modules\": [\n"
            for (index, module) in modules.enumerated() {
                let localizations = module.localizations.map(JSONText.quoted).joined(separator: ", ")
                out += "    { \"name\": \(JSONText.quoted(module.name)), \"path\": \(JSONText.quoted(module.path)), "
                out += "\"sha256\": \(JSONText.quoted(module.sha256)), \"size\": \(module.size), "
                out += "\"localizations\": [\(localizations)] }"
                out += index == modules.count - 1 ? "\n" : ",\n"
            }
            out += "  ]\n"
        }
        out += "}\n"
        return Data(out.utf8)
    }
}
