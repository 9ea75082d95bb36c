/// This package's release, numbered by Semantic Versioning 2.0.0 (semver.org).
///
/// One value for every place that names the release: the git tag a SwiftPM requirement such as
/// `.package(url: …, from: "0.1.0")` resolves to, the latest heading of `CHANGELOG.md`, the requirement in
/// `docs/integration.md` and the tool reference in `docs/ci.md`, and what `ota-localizations --version` prints
/// (`ReleaseVersionTests` keeps them equal). Before 1.0.0 a minor release may change the public API; `CHANGELOG.md`
/// says when.
public enum OTALocalizationsVersion {
    /// `major.minor.patch`, digits and periods only: `0.1.0`.
    public static let current = "0.1.0"
}
