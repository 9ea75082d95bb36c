import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing

/// What one `package` run needs: where to read, which app version, where to write.
public struct PackageOptions: Sendable {
    /// The repository (monorepo) root to discover modules in.
    public var repositoryRoot: URL
    /// The app marketing version (`CFBundleShortVersionString`); becomes the output sub-folder.
    public var appVersion: String
    /// The publishing folder; files go to `<outputDirectory>/<appVersion>/`.
    public var outputDirectory: URL
    /// `--config`; nil means `<repositoryRoot>/ota-localizations.json` when present.
    public var configurationFile: URL?
    /// The manifest's `publishedAt` (see ``PublishDate``).
    public var publishedAt: Date
    /// A previously published `manifest.json` to mark modules changed or unchanged against.
    public var previousManifest: URL?
    /// The checks run before anything is written.
    public var validation: ValidationOptions
    /// Keys that sign the manifest into `manifest.dsse.json`, one signature each, in order (docs/signing.md);
    /// empty: no envelope is written, and one left by an earlier signed run is removed.
    public var signingKeys: [ManifestSigningKey]
    /// The release channel the manifest is for (``ManifestChannel``): nil or `production` writes `manifest.json`
    /// without a `channel` field, another name `manifest.<channel>.json` recording it (and, signed,
    /// `manifest.<channel>.dsse.json`). The ZIPs are the same for every channel.
    public var channel: String?
    /// A localization to publish as pseudo-text (``PseudoLocalization``): in each module that has it, its tables are
    /// replaced by ``PseudoText`` derived from the development region's. Only for a ``channel`` other than production;
    /// nil publishes the tables as they are.
    public var pseudoLocalization: String?
    /// Seconds after ``publishedAt`` at which the publish expires (`expires`, docs/signing.md, "Freeze"); nil writes
    /// no `expires`. A scheduled `refresh-expiry` moves it forward without a new publish.
    public var expiresInSeconds: Int64? = nil

    public init(
        repositoryRoot: URL, appVersion: String, outputDirectory: URL, configurationFile: URL? = nil,
        publishedAt: Date, previousManifest: URL? = nil, validation: ValidationOptions = ValidationOptions(),
        signingKeys: [ManifestSigningKey] = [], channel: String? = nil, pseudoLocalization: String? = nil
    ) {
        self.channel = channel
        self.pseudoLocalization = pseudoLocalization
        self.validation = validation
        self.signingKeys = signingKeys
        self.repositoryRoot = repositoryRoot
        self.appVersion = appVersion
        self.outputDirectory = outputDirectory
        self.configurationFile = configurationFile
        self.publishedAt = publishedAt
        self.previousManifest = previousManifest
    }

    /// What an app version must be, as a clause after the value: `is not a marketing version: ...; use the app's
    /// version, e.g. 1.0.0` (``isAppVersion(_:)``).
    public static let appVersionRule = "is not a marketing version: CFBundleShortVersionString is one to three "
        + "period-separated non-negative integers, only digits and periods (Apple: \"CFBundleShortVersionString\"); "
        + "use the app's version, e.g. 1.0.0"

    /// What a channel name must be, as a clause after the value (`ManifestChannel.isValidName(_:)`).
    public static let channelNameRule = "is not a channel name: 1 to 32 lowercase letters, digits and '-', starting "
        + "with a letter (not 'dsse'), e.g. staging; 'production' is manifest.json"

    /// Whether `version` can be an ``appVersion``, what a `CFBundleShortVersionString` can be: one to three
    /// period-separated non-negative integers (`1`, `1.0`, `26.7.0`), digits and periods only, at most 64 characters.
    /// Apple's page for the key asks for three integers "such as 10.14.1" and only digits and periods; shorter forms
    /// are what apps ship (`1.0`) and what Apple's `CFBundleVersion` page reads as `.0` for the missing parts
    /// (docs/apple-platform.md V1).
    static func isAppVersion(_ version: String) -> Bool {
        guard version.utf8.count <= 64 else { return false }
        let parts = version.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return (1...3).contains(parts.count)
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
    }
}

/// Chooses the manifest's `publishedAt`: an explicit value, else `SOURCE_DATE_EPOCH`, else the clock (whole seconds).
///
/// `SOURCE_DATE_EPOCH` is the reproducible-builds convention (reproducible-builds.org specification): decimal
/// seconds since 1970-01-01 UTC.
public enum PublishDate {
    /// - Parameters:
    ///   - argument: the date as an RFC 3339 date-time (`2026-07-24T10:00:00Z`, see `ManifestDate`), or nil.
    ///   - environment: the process environment (reads `SOURCE_DATE_EPOCH`).
    ///   - allowFuture: accept a date more than ``futureToleranceSeconds`` after `now`.
    /// - Throws: ``PackagerError`` `badPublishedAt` (field `publishedAt` or `sourceDateEpoch`, the text as given in
    ///   ``PackagerError/Facts/value``) when the argument or the variable is not a valid date, or when the date is
    ///   later than `now` plus ``futureToleranceSeconds`` (by ``PackagerError/Facts/secondsAhead``) and `allowFuture`
    ///   is false: devices refuse such a manifest (`publishedAtToleranceSeconds`, default 1 hour), and once it is live
    ///   every later publish looks older than it.
    public static func resolve(
        argument: String?, environment: [String: String], now: Date = Date(), allowFuture: Bool = false
    ) throws -> Date {
        let date: Date
        let field: PackagerError.Field
        let value: String
        if let argument {
            guard let parsed = ManifestDate.parse(argument) else {
                throw PackagerError(
                    code: .badPublishedAt, reason: "publishedAt '\(argument)' \(notADate)", field: .publishedAt,
                    facts: PackagerError.Facts(value: argument, problem: notADate))
            }
            (date, field, value) = (parsed, .publishedAt, argument)
        } else if let epoch = environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
            guard let seconds = Int64(epoch), seconds >= 0 else {
                let problem = "is not a whole number of seconds"
                throw PackagerError(
                    code: .badPublishedAt, reason: "SOURCE_DATE_EPOCH '\(epoch)' \(problem)", field: .sourceDateEpoch,
                    facts: PackagerError.Facts(value: epoch, problem: problem))
            }
            (date, field, value) = (Date(timeIntervalSince1970: TimeInterval(seconds)), .sourceDateEpoch, epoch)
        } else {
            return Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        }
        let ahead = date.timeIntervalSince(now)
        if ahead > futureToleranceSeconds, !allowFuture {
            let problem = "is \(Self.duration(ahead)) ahead of this machine's clock: devices refuse a manifest dated more than 1 "
                + "hour ahead of the server's Date (publishedAtToleranceSeconds), and once it is live every later publish looks "
                + "older than it"
            var facts = PackagerError.Facts(value: value, problem: problem)
            facts.secondsAhead = Int(ahead)
            throw PackagerError(
                code: .badPublishedAt,
                reason: "\(field == .publishedAt ? "publishedAt" : "SOURCE_DATE_EPOCH") \(value) \(problem). Give the time of the "
                    + "publish (or none: now), or allowFuture if this machine's clock is wrong",
                field: field, facts: facts)
        }
        return date
    }

    /// What a `publishedAt` argument must be, as a clause after the value.
    public static let notADate = "is not an RFC 3339 date-time such as 2026-07-24T10:00:00Z (year 0001 to 9999)"

    /// How far after the clock a date may be without `allowFuture`: the clients' default `publishedAtToleranceSeconds`.
    public static let futureToleranceSeconds: TimeInterval = 3_600

    private static func duration(_ seconds: TimeInterval) -> String {
        let days = Int(seconds / 86_400)
        if days >= 2 { return "\(days) days" }
        let hours = Int(seconds / 3_600)
        return hours >= 2 ? "\(hours) hours" : "\(Int(seconds / 60)) minutes"
    }
}
