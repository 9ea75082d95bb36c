import Foundation

/// A reader of one kind of location for `diff`: a published version folder, a repository, or another store.
///
/// A store that holds version folders (an `s3://` prefix) plugs in as one more reader, put before the standard
/// ones in the list given to ``StringsLocations/snapshot(of:readers:)``.
public protocol StringsLocationReading: Sendable {
    /// Whether this reader reads `location`, judged by its form and, for a path on disk, by what is there; it never
    /// uses the network.
    func reads(_ location: String) -> Bool

    /// The tables at `location`.
    ///
    /// - Throws: ``PackagerError`` naming what could not be read or verified, in one line.
    func snapshot(of location: String) throws -> StringsSnapshot
}

/// Reading a `diff` side from where the command line says it is.
public enum StringsLocations {
    /// The readers `diff` uses, in order: published version folders and manifests (``PublishedVersionReader``, within
    /// `publishedLimits`), then repositories (``RepositoryReader``, with `configurationFile` for each root it reads).
    public static func standardReaders(
        configurationFile: URL? = nil, publishedLimits: PublishedReadLimits = PublishedReadLimits()
    ) -> [any StringsLocationReading] {
        [PublishedVersionReader(limits: publishedLimits), RepositoryReader(configurationFile: configurationFile)]
    }

    /// The tables at `location`, read by the first of `readers` that reads it.
    ///
    /// - Throws: ``PackagerError`` `missing-folder` for a path that does not exist, `configuration` for a URL no
    ///   reader reads (its scheme is named), and whatever the reader throws.
    public static func snapshot(of location: String, readers: [any StringsLocationReading]) throws -> StringsSnapshot {
        if let reader = readers.first(where: { $0.reads(location) }) {
            return try reader.snapshot(of: location)
        }
        if let scheme = scheme(of: location) {
            throw PackagerError(
                code: .configuration,
                reason: "'\(location)': \(scheme): locations are not read here; give the http(s) URL of the version folder "
                    + "(the one the app reads), a folder on disk, or a manifest file")
        }
        guard FileManager.default.fileExists(atPath: location) else {
            throw PackagerError(
                code: .missingFolder,
                reason: "'\(location)' does not exist; give a version folder 'package' wrote (or its manifest), a repository "
                    + "root, or the http(s) URL of a published version folder")
        }
        throw PackagerError(
            code: .configuration,
            reason: "'\(location)' is neither a version folder (it has no manifest.json), a manifest file, nor a repository "
                + "root; give one of those")
    }

    /// `s3` for `s3://bucket/prefix`, `file` for `file:/…`: the scheme of a location written as a URL (a scheme
    /// followed by `://`, or `file:`), else nil, so that a path with a colon in a folder name stays a path.
    static func scheme(of location: String) -> String? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let scheme = location[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        let lowercased = scheme.lowercased()
        return location[colon...].hasPrefix("://") || lowercased == "file" ? lowercased : nil
    }
}
