import Foundation

/// What a client released before `slices`, `channel` and `rollout` existed reads of a manifest, kept frozen: its
/// required fields, `formatVersion` 1, and each module entry's five fields (unknown keys ignored by `JSONDecoder`).
///
/// Every manifest the packager can write today must still decode here to the stable modules, with nothing rejected:
/// that is the promise that installed apps keep working.
struct FirstReleaseManifestReader: Decodable {
    struct Module: Decodable, Equatable {
        var name: String
        var path: String
        var sha256: String
        var size: Int64
        var localizations: [String]?
    }

    var formatVersion: Int
    var appVersion: String
    var publishedAt: String
    var developmentRegion: String
    var modules: [Module]

    static func read(_ data: Data) throws -> FirstReleaseManifestReader {
        let manifest = try JSONDecoder().decode(FirstReleaseManifestReader.self, from: data)
        guard manifest.formatVersion == 1 else { throw CocoaError(.coderReadCorrupt) }
        return manifest
    }
}
