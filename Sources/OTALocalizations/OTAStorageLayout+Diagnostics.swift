import Foundation

extension OTAStorageLayout {
    /// The file name, at the storage root, of the last update cycles' reports that the service keeps for a QA view
    /// (`OTALocalizationService.diagnostics()`); deleting every bundle deletes it.
    package static let cycleReportsFileName = ".ota-cycle-reports.json"
    /// The file name, at the storage root, of the release channel a debug build chose for its next launch; deleting
    /// every bundle deletes it.
    package static let nextLaunchChannelFileName = ".ota-next-launch-channel"

    /// `<storageRoot>/.ota-cycle-reports.json` (see ``cycleReportsFileName``).
    package var cycleReportsFile: URL { storageRoot.appendingPathComponent(Self.cycleReportsFileName, isDirectory: false) }
    /// `<storageRoot>/.ota-next-launch-channel` (see ``nextLaunchChannelFileName``).
    package var nextLaunchChannelFile: URL {
        storageRoot.appendingPathComponent(Self.nextLaunchChannelFileName, isDirectory: false)
    }
}
