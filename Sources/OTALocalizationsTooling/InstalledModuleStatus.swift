import Foundation
import OTALocalizationsNames
import OTALocalizations

/// What is installed for one module of an app version, and whether the read side would hand it out: the data of
/// `ota-localizations status`.
package struct InstalledModuleStatus: Sendable, Equatable {
    /// The module's name.
    package var name: String
    /// The active folder's name (`<sha256>` or `<sha256>.<n>`): the full ZIP's SHA-256, or for a folder assembled
    /// from slices the SHA-256 of its slice record (docs/design.md, "Slices").
    package var folder: String
    /// For a folder assembled from slices: the localizations it holds (the development region first), else nil.
    package var slices: [String]?
    /// The module's localizations (without `Base`) for a sliced folder, else nil.
    package var available: [String]?
    /// Whether `OTALocalizedString.loadBundlesFromDisk` would hand the bundle out for the selection: false when the
    /// folder fails the launch check, or its slices do not cover the selection.
    package var covered: Bool
    /// What `OTALocalizedString.installedContent(for:)` returns for the module: the publish's identity for its text
    /// and the rollout it was installed for.
    package var installedContent: OTALocalizedString.InstalledContent?

    /// Every module with a `current` pointer under `layout`, sorted by name. Reads only; never repairs.
    package static func read(_ layout: OTAStorageLayout, selection: OTALocalizationSelection) -> [InstalledModuleStatus] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: layout.modulesFolder.path)) ?? []
        var result: [InstalledModuleStatus] = []
        for storageName in names {
            guard let module = OTAStorageLayout.moduleName(fromStorageName: storageName),
                  let folder = layout.activeInstallFolder(module: module)
            else { continue }
            let path = folder.standardizedFileURL.path
            let record = SmallFile.read(folder.appendingPathComponent(SliceRecord.fileName).path, maximumBytes: SliceRecord.maximumBytes)
                .flatMap(SliceRecord.init(parsing:))
            result.append(InstalledModuleStatus(
                name: module, folder: folder.lastPathComponent, slices: record?.installed, available: record?.available,
                covered: BundleDiskLoader.isReadableBundleFolder(folder) && BundleDiskLoader.covers(path, selection),
                installedContent: OTALocalizedString.installedContent(
                    for: module, storageRoot: layout.storageRoot, appVersion: layout.appVersion)))
        }
        return UTF8ByteOrder.positions(of: result.map(\.name)).map { result[$0] }
    }
}
