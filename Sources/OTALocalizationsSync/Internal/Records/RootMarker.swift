import Foundation
import OTALocalizations

/// The marker file at the storage root: the app-version folders this service created.
///
/// Shape: `{"formatVersion":1,"createdAppVersions":["26.7.0", ...]}` at
/// `<storageRoot>/.ota-localizations-root.json`. Only folders listed here are ever deleted as "other app
/// versions", so a storage root shared with anything else never loses what it did not create.
struct RootMarker: Sendable, Equatable {
    var createdAppVersions: [String]

    /// The marker at `layout`'s storage root; empty when missing or unreadable.
    static func load(_ layout: OTAStorageLayout) -> RootMarker {
        guard let data = SmallFile.read(layout.rootMarkerFile.path, maximumBytes: 1024 * 1024),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let versions = object["createdAppVersions"] as? [String]
        else { return RootMarker(createdAppVersions: []) }
        return RootMarker(createdAppVersions: versions)
    }

    /// Writes the marker through a temporary file in `layout`'s `tmp/` and an atomic rename.
    func save(_ layout: OTAStorageLayout) throws(CycleFailure) {
        let object: [String: Any] = ["formatVersion": 1, "createdAppVersions": createdAppVersions.sorted()]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            throw CycleFailure(.storage, "marker cannot be encoded")
        }
        DurableFiles.clearForFile(layout.rootMarkerFile, layout: layout)
        try DurableFiles.replaceFile(layout.rootMarkerFile, with: data, temporaryFolder: layout.temporaryFolder)
    }
}
