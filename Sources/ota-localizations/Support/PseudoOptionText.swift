import OTALocalizationsCore
import OTALocalizationsPackager

/// `package --pseudo` worded for the command line: when the option is a usage error, and a ``PackagerError`` about
/// ``PackageOptions/pseudoLocalization``.
enum PseudoOptionText {
    /// The usage error of `--pseudo <localization>` with `--channel <channel>` (nil when not given), or nil when the
    /// pair is allowed: any channel but production.
    static func usageError(localization: String, channel: String?) -> String? {
        guard let channel else {
            return "--pseudo \(localization) needs --channel <name>, a channel other than production (e.g. --channel qa): "
                + "production devices must never show pseudo-text"
        }
        guard channel == ManifestChannel.production else { return nil }
        return "--pseudo \(localization) is refused for --channel production: production devices must never show "
            + "pseudo-text; give another channel (e.g. --channel qa)"
    }

    /// The error's line, naming `--pseudo`.
    static func message(_ error: PackagerError) -> String {
        let localization = error.facts.value ?? ""
        if error.code == .refused {
            return usageError(localization: localization, channel: nil) ?? error.reason
        }
        return "--pseudo \(localization): \(error.facts.problem ?? error.reason)"
    }
}
