import Foundation

extension OTAStorageLayout {
    /// The file name, at the storage root, of the languages an app prefetched for a change of language
    /// (`OTALocalizationService.prefetch(localizations:)`), which the service's cycles keep installing until the device
    /// uses them or they expire; deleting every bundle deletes it.
    package static let prefetchedLanguagesFileName = ".ota-prefetched-languages"

    /// `<storageRoot>/.ota-prefetched-languages` (see ``prefetchedLanguagesFileName``).
    package var prefetchedLanguagesFile: URL {
        storageRoot.appendingPathComponent(Self.prefetchedLanguagesFileName, isDirectory: false)
    }
}
