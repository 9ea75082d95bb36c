/// Something worth a look that did not stop a `package` run, with the facts a caller words it from.
package enum PackageWarning: Sendable, Equatable, CustomStringConvertible {
    /// The previous manifest (at `location`, as given) is of app version `previousAppVersion`, not this run's
    /// `appVersion`: changed and unchanged are against another version's modules.
    case previousOfOtherAppVersion(location: String, previousAppVersion: String, appVersion: String)
    /// This run's `publishedAt` is older than the previous manifest's `previousPublishedAt` (both RFC 3339): devices
    /// that installed that one ignore this one.
    case olderThanPrevious(publishedAt: String, previousPublishedAt: String)

    /// One sentence in the library's terms.
    package var description: String {
        switch self {
        case let .previousOfOtherAppVersion(location, previousAppVersion, appVersion):
            "previous manifest \(location) is of app version \(previousAppVersion), not \(appVersion); changed/unchanged "
                + "compares against another version's modules"
        case let .olderThanPrevious(publishedAt, previousPublishedAt):
            "publishedAt \(publishedAt) is older than the previous manifest's (\(previousPublishedAt)); devices that "
                + "installed it will ignore this manifest"
        }
    }
}
