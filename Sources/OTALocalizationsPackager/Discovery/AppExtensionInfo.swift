import Foundation

extension DiscoveredModule {
    /// The `Info.plist` directly in one of the module's source folders that declares an app extension (an
    /// `NSExtension` dictionary: widgets, share and notification extensions), relative to `repositoryRoot`; nil for
    /// any other module.
    ///
    /// An app extension runs in a process of its own that cannot read the app's container, so the strings the app's
    /// service downloads reach it only through a storage root in an App Group container (docs/integration.md, "App
    /// extensions"); `ota-localizations modules` says so beside such a module. Reads at most one small file per source
    /// folder (a property list over 1 MiB is not an extension's).
    public func appExtensionInfoPlist(repositoryRoot: URL) -> String? {
        for folder in sourceFolders {
            let relative = folder.isEmpty ? "Info.plist" : folder + "/Info.plist"
            let url = repositoryRoot.appendingPathComponent(relative, isDirectory: false)
            guard let size = (try? url.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])).flatMap({ $0.isRegularFile == true ? $0.fileSize : nil }),
                  size <= 1 << 20, let data = try? Data(contentsOf: url),
                  let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
                  plist["NSExtension"] is [String: Any]
            else { continue }
            return relative
        }
        return nil
    }
}
