/// Something worth a look that did not stop a `package` run, with the facts a caller words it from.
package enum PackageWarning: Sendable, Equatable, CustomStringConvertible {
    /// The previous manifest (at `location`, as given) is of app version `previousAppVersion`, not this run's
    /// `appVersion`: changed and unchanged are against another version's modules.
    case previousOfOtherAppVersion(location: String, previousAppVersion: String, appVersion: String)
    /// This run's `publishedAt` is older than the previous manifest's `previousPublishedAt` (both RFC 3339): devices
    /// that installed that one ignore this one.
    case olderThanPrevious(publishedAt: String, previousPublishedAt: String)
    /// The pseudo-localized `localization` is not in `modules` (sorted), which are published as they are: a device
    /// in that language shows their own text there, without brackets.
    case pseudoLocalizationMissing(localization: String, modules: [String])
    /// `modules` (sorted) have the pseudo-localized `localization` but no table of `developmentRegion` to derive it
    /// from, and are published as they are.
    case pseudoWithoutDevelopmentTables(localization: String, developmentRegion: String, modules: [String])

    /// One sentence in the library's terms.
    package var description: String {
        switch self {
        case let .previousOfOtherAppVersion(location, previousAppVersion, appVersion):
            "previous manifest \(location) is of app version \(previousAppVersion), not \(appVersion); changed/unchanged "
                + "compares against another version's modules"
        case let .olderThanPrevious(publishedAt, previousPublishedAt):
            "publishedAt \(publishedAt) is older than the previous manifest's (\(previousPublishedAt)); devices that "
                + "installed it will ignore this manifest"
        case let .pseudoLocalizationMissing(localization, modules):
            "\(Self.list(modules)) \(modules.count == 1 ? "has" : "have") no \(localization) localization to pseudo-localize; "
                + "published as \(modules.count == 1 ? "it is" : "they are")"
        case let .pseudoWithoutDevelopmentTables(localization, developmentRegion, modules):
            "\(Self.list(modules)) \(modules.count == 1 ? "has" : "have") no \(developmentRegion) table to derive the "
                + "pseudo-localized \(localization) from; published as \(modules.count == 1 ? "it is" : "they are")"
        }
    }

    /// `module A`, or `modules A, B, C, D, E and 3 more` (at most five names).
    package static func list(_ modules: [String]) -> String {
        let shown = modules.prefix(5).joined(separator: ", ")
        let more = modules.count > 5 ? " and \(modules.count - 5) more" : ""
        return (modules.count == 1 ? "module " : "modules ") + shown + more
    }
}
