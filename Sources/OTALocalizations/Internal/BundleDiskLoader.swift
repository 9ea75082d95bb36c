import Foundation

/// Reads the installed bundles of one app version from disk; never writes or deletes.
package enum BundleDiskLoader {
    /// One lazily opened `Bundle` per module whose `current` pointer names a folder with a readable `Info.plist`.
    ///
    /// A module is left out (so its embedded bundle is used this session) when its pointer is missing or
    /// malformed, its folder is missing, or its `Info.plist` cannot be read or does not look like a property
    /// list. Reading `Info.plist` first matters: a `Bundle` opened on an unreadable folder (before the first
    /// unlock on iOS) caches an empty info dictionary for the whole process (APPLE-BUNDLE.md, rows 6.3-6.4).
    /// The `Bundle` itself is created at the module's first lookup (``LazyBundle``), which keeps this call,
    /// made before the first frame, to file reads.
    static func load(_ layout: OTAStorageLayout) -> (bundles: [String: LazyBundle], folderPaths: Set<String>) {
        guard layout.hasUsableAppVersion else { return ([:], []) }
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: layout.modulesFolder.path) else { return ([:], []) }
        var bundles: [String: LazyBundle] = [:]
        var paths: Set<String> = []
        for name in names where OTAStorageLayout.isPlainFileName(name) {
            guard let folder = activeFolder(layout, module: name), isReadableBundleFolder(folder) else { continue }
            bundles[name] = LazyBundle(url: folder)
            paths.insert(folder.standardizedFileURL.path)
        }
        return (bundles, paths)
    }

    /// The folder `modules/<module>/current` names, when the pointer is well formed.
    package static func activeFolder(_ layout: OTAStorageLayout, module: String) -> URL? {
        guard let data = SmallFile.read(layout.currentPointerFile(module: module).path, maximumBytes: 128),
              let sha = OTAStorageLayout.parseCurrentPointer(data)
        else { return nil }
        return layout.installFolder(module: module, sha256: sha)
    }

    /// Whether `folder/Info.plist` can be read now and holds a property-list dictionary.
    package static func isReadableBundleFolder(_ folder: URL) -> Bool {
        let info = folder.appendingPathComponent("Info.plist", isDirectory: false)
        // Reading the bytes is the check that matters (before first unlock the read fails); the installer parsed
        // this file before it committed the folder, so a cheap shape check is enough here.
        guard let data = SmallFile.read(info.path, maximumBytes: 1 << 20) else { return false }
        return data.starts(with: Array("<?xml".utf8)) || data.starts(with: Array("bplist".utf8))
            || data.starts(with: Array("<plist".utf8))
    }

    /// Whether `folder`'s `Info.plist` reads and parses as a property-list dictionary: the service's check that an
    /// installed folder is intact (slower than ``isReadableBundleFolder(_:)``; not on the launch path).
    package static func isIntactBundleFolder(_ folder: URL) -> Bool {
        let info = folder.appendingPathComponent("Info.plist", isDirectory: false)
        guard let data = SmallFile.read(info.path, maximumBytes: 1 << 20),
              let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        else { return false }
        return plist is [String: Any]
    }
}
