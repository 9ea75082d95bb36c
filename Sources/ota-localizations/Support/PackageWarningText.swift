import OTALocalizationsPackager

/// A ``PackageWarning`` worded for the command line, naming `--previous` and `--pseudo`.
enum PackageWarningText {
    /// The line after `warning: `; `previous` is `--previous` as given, named instead of the warning's location
    /// (which, for an `s3://` location, is the temporary copy read).
    static func message(_ warning: PackageWarning, previous: String? = nil) -> String {
        switch warning {
        case let .previousOfOtherAppVersion(location, previousAppVersion, appVersion):
            "--previous \(previous ?? location) is the manifest of app version \(previousAppVersion), not \(appVersion); "
                + "changed/unchanged compares against another version's modules"
        case let .olderThanPrevious(publishedAt, previousPublishedAt):
            "publishedAt \(publishedAt) is older than --previous (\(previousPublishedAt)); devices that installed it will "
                + "ignore this manifest"
        case .pseudoLocalizationMissing, .pseudoWithoutDevelopmentTables:
            "--pseudo: \(warning)"
        }
    }
}
