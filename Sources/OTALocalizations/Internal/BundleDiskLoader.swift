import Foundation

/// Reads the installed bundles of one app version from disk; never writes or deletes.
package enum BundleDiskLoader {
    /// One `Bundle` per module whose `current` pointer names a folder with a readable `Info.plist`.
    ///
    /// A module is left out (so its embedded bundle is used this session) when its pointer is missing or
    /// malformed, its folder is missing, or its `Info.plist` cannot be read or is not a property-list
    /// dictionary. Reading `Info.plist` first matters: a `Bundle` opened on an unreadable folder (before the
    /// first unlock on iOS) caches an empty info dictionary for the whole process (APPLE-BUNDLE.md, rows 6.3-6.4).
    static func load(_ layout: OTAStorageLayout) -> (bundles: [String: Bundle], folderPaths: Set<String>) {
        guard layout.hasUsableAppVersion else { return ([:], []) }
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: layout.modulesFolder.path) else { return ([:], []) }
        var bundles: [String: Bundle] = [:]
        var paths: Set<String> = []
        for name in names where OTAStorageLayout.isPlainFileName(name) {
            guard let folder = activeFolder(layout, module: name),
                  isReadableBundleFolder(folder),
                  let bundle = Bundle(url: folder)
            else { continue }
            bundles[name] = bundle
            paths.insert(folder.standardizedFileURL.path)
        }
        return (bundles, paths)
    }

    /// The folder `modules/<module>/current` names, when the pointer is well formed.
    package static func activeFolder(_ layout: OTAStorageLayout, module: String) -> URL? {
        guard let data = try? Data(contentsOf: layout.currentPointerFile(module: module)),
              let sha = OTAStorageLayout.parseCurrentPointer(data)
        else { return nil }
        return layout.installFolder(module: module, sha256: sha)
    }

    /// Whether `folder/Info.plist` can be read now and holds a property-list dictionary.
    package static func isReadableBundleFolder(_ folder: URL) -> Bool {
        let info = folder.appendingPathComponent("Info.plist", isDirectory: false)
        guard let data = try? Data(contentsOf: info),
              let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
              plist is [String: Any]
        else { return false }
        return true
    }
}
