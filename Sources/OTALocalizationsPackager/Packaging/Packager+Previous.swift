import Foundation
import OTALocalizationsCore

extension Packager {
    /// Reads the previous manifest: a local `manifest.json` or an `http(s)` URL of one, within
    /// ``PublishedReadLimits``' manifest size and deadline.
    /// - Throws: ``PackagerError`` `configuration` when it cannot be fetched or is not a manifest.
    static func loadPrevious(_ url: URL) throws -> Manifest {
        let bytes: Data
        do {
            let limits = PublishedReadLimits()
            bytes = try BlockingFetch.data(
                from: url, maximumBytes: limits.maximumManifestBytes,
                deadline: BlockingFetch.Deadline(seconds: limits.maximumSeconds, name: "maximumSeconds"),
                idleTimeout: limits.requestTimeout)
        } catch {
            throw PackagerError.previousManifest("\(error)")
        }
        do {
            return try Manifest(bytes: bytes)
        } catch {
            throw PackagerError.previousManifest("\(display(url)): \(error)")
        }
    }

    /// The warnings a previous manifest gives: another app version's, or dated after this one.
    static func previousWarnings(_ previous: Manifest, _ options: PackageOptions) -> [PackageWarning] {
        var warnings: [PackageWarning] = []
        if previous.appVersion != options.appVersion {
            warnings.append(.previousOfOtherAppVersion(
                location: display(options.previousManifest), previousAppVersion: previous.appVersion, appVersion: options.appVersion))
        }
        if previous.publishedAt > options.publishedAt {
            warnings.append(.olderThanPrevious(
                publishedAt: ManifestDate.format(options.publishedAt), previousPublishedAt: ManifestDate.format(previous.publishedAt)))
        }
        return warnings
    }

    /// A previous manifest's location as the user wrote it: a path for a file, the URL otherwise.
    private static func display(_ url: URL?) -> String {
        guard let url else { return "" }
        return url.isFileURL ? url.path : url.absoluteString
    }
}
