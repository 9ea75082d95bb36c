import Foundation
import OTALocalizations
import OTALocalizationsCore

/// The channel a debug build chose for its next launch (``OTAStorageLayout/nextLaunchChannelFile``): the channel name
/// (`production` for production) and a line feed, written by
/// ``OTALocalizationService/chooseChannelForNextLaunch(_:)`` (temp file under a trash name, then `rename(2)`), read by
/// ``OTALocalizationServiceConfiguration/channelChosenForNextLaunch(storageRoot:)``. Deleted by the kill switch.
enum NextLaunchChannel {
    /// The chosen channel, `production` for production; nil when none is chosen or the file is not one valid name.
    static func read(storageRoot: URL) -> String? {
        let file = storageRoot.appendingPathComponent(OTAStorageLayout.nextLaunchChannelFileName, isDirectory: false)
        guard let data = SmallFile.read(file.path, maximumBytes: 64), data.last == 0x0A else { return nil }
        let name = String(decoding: data.dropLast(), as: UTF8.self)
        return name == ManifestChannel.production || ManifestChannel.isValidName(name) ? name : nil
    }

    /// Writes `channel` (nil or `production`: production) as the next launch's.
    static func write(_ channel: String?, layout: OTAStorageLayout) throws(CycleFailure) {
        let name = channel ?? ManifestChannel.production
        try DurableFiles.makeDirectory(layout.storageRoot, layout: layout)
        DurableFiles.clearForFile(layout.nextLaunchChannelFile, layout: layout)
        let temporary = OTAStorageLayout.newTrashURL(in: layout.storageRoot)
        do {
            try DurableFiles.writeNewFile(Data((name + "\n").utf8), to: temporary)
            try DurableFiles.rename(temporary, to: layout.nextLaunchChannelFile)
        } catch {
            DurableFiles.remove(temporary)
            throw error
        }
    }
}
