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
        // Paths as strings: joining plain names to a standardized folder keeps them standardized, at a fraction of
        // the cost of URL arithmetic (the paths are those of OTAStorageLayout).
        let modulesPath = layout.modulesFolder.standardizedFileURL.path
        for name in names where OTAStorageLayout.isPlainFileName(name) {
            let modulePath = modulesPath + "/" + name
            guard let sha = pointedSHA256(modulePath + "/" + OTAStorageLayout.currentPointerFileName) else { continue }
            let folderPath = modulePath + "/" + sha
            guard isReadableBundleFolder(atPath: folderPath) else { continue }
            bundles[name] = LazyBundle(url: URL(fileURLWithPath: folderPath, isDirectory: true))
            paths.insert(folderPath)
        }
        return (bundles, paths)
    }

    /// The folder `modules/<module>/current` names, when the pointer is well formed.
    package static func activeFolder(_ layout: OTAStorageLayout, module: String) -> URL? {
        pointedSHA256(layout.currentPointerFile(module: module).path).map { layout.installFolder(module: module, sha256: $0) }
    }

    /// The SHA-256 a `current` pointer file holds, when it is well formed.
    private static func pointedSHA256(_ pointerPath: String) -> String? {
        // A pointer is 65 bytes; one byte over the limit says the file is too long to be one.
        guard let data = SmallFile.prefix(pointerPath, count: 129), data.count <= 128 else { return nil }
        return OTAStorageLayout.parseCurrentPointer(data)
    }

    /// Whether the first bytes of `folder/Info.plist` can be read now and start like a property list (XML or binary).
    package static func isReadableBundleFolder(_ folder: URL) -> Bool {
        isReadableBundleFolder(atPath: folder.path)
    }

    private static func isReadableBundleFolder(atPath folder: String) -> Bool {
        // Reading the bytes is the check that matters (before first unlock the read fails); the installer parsed
        // this file before it committed the folder, so a cheap shape check is enough here.
        guard let data = SmallFile.prefix(folder + "/Info.plist", count: 8) else { return false }
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
