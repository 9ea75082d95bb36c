import Foundation
import OTALocalizationsDigest
import OTALocalizationsNames

/// Reads the installed bundles of one app version from disk; never writes or deletes.
package enum BundleDiskLoader {
    /// The largest `Info.plist` the read side accepts, in bytes; the installer writes about 400
    /// (`BundleInfoPlist` in OTALocalizationsCore).
    static let maximumInfoPlistBytes = 4096

    /// The folder (standardized path) of each module whose `current` pointer names a folder that looks complete now;
    /// the registry opens its `Bundle` lazily.
    ///
    /// A module is left out (so its embedded bundle is used this session) when its folder name is not a storage
    /// name (``OTAStorageLayout/moduleName(fromStorageName:)``), its pointer is missing or malformed, its folder is
    /// missing, or ``isReadableBundleFolder(_:)`` fails. Reading `Info.plist` first matters: a `Bundle` opened on an
    /// unreadable folder (before the first unlock on iOS) caches an empty info dictionary for the whole process
    /// (docs/apple-platform.md D3, D4). The `Bundle` itself is created at the module's first lookup
    /// (``LazyBundle``), which keeps this call, made before the first frame, to file reads: three per module
    /// (pointer, `Info.plist`, seal).
    /// A folder assembled from slices (it holds a ``SliceRecord``) is left out too when it does not cover `selection`
    /// (``OTALocalizationSelection/covers(installed:available:developmentRegion:)``): the user switched to a language
    /// whose slice is not installed, and Apple's `Bundle` would show the development region instead (no per-key
    /// fallback, docs/apple-platform.md F1); the embedded bundle, which has every language, serves the module until
    /// a cycle installs the slice.
    ///
    /// With `trustedKeyIDs`, a module is left out too unless its vouch record
    /// (``OTAStorageLayout/vouchRecordFile(module:)``) names the folder its pointer names and one of these keyids: a
    /// configuration that trusts signing keys never serves text no trusted key vouched for (installed by a build that
    /// trusted none, or by a key since retired), offline included.
    ///
    /// The result's `content` is what is installed, whatever this launch can serve: each module whose pointer names
    /// a well-formed folder name, with that name's SHA-256 (the crash-loop guard's content, ``LaunchGuard``). Its
    /// `leftOut` says why each module of `content` that is not in `folders` was left out.
    static func load(
        _ layout: OTAStorageLayout, selection: OTALocalizationSelection = .device, trustedKeyIDs: Set<String> = []
    ) -> (folders: [String: String], content: [String: String], leftOut: [String: OTALocalizedString.EmbeddedReason]) {
        var folders: [String: String] = [:]
        var content: [String: String] = [:]
        var leftOut: [String: OTALocalizedString.EmbeddedReason] = [:]
        for pointer in pointers(layout) {
            content[pointer.module] = OTAStorageLayout.folderHash(ofInstallFolderName: pointer.folderName)
            if !trustedKeyIDs.isEmpty {
                guard let vouch = SmallFile.prefix(pointer.modulePath + "/" + OTAStorageLayout.vouchRecordFileName, count: 257)
                        .flatMap(OTAStorageLayout.parseVouchRecord),
                      vouch.folderName == pointer.folderName, trustedKeyIDs.contains(vouch.keyID)
                else {
                    leftOut[pointer.module] = .notVouched
                    continue
                }
            }
            let folderPath = pointer.modulePath + "/" + pointer.folderName
            guard isReadableBundleFolder(atPath: folderPath) else {
                leftOut[pointer.module] = .unreadable
                continue
            }
            guard covers(folderPath, selection) else {
                leftOut[pointer.module] = .languagesNotCovered
                continue
            }
            folders[pointer.module] = folderPath
        }
        return (folders, content, leftOut)
    }

    /// What is installed under `layout` (``load(_:selection:trustedKeyIDs:)``'s `content`), from the pointers alone:
    /// for the service and the tools, which compare it with the quarantine records.
    package static func installedContent(_ layout: OTAStorageLayout) -> [String: String] {
        var content: [String: String] = [:]
        for pointer in pointers(layout) {
            content[pointer.module] = OTAStorageLayout.folderHash(ofInstallFolderName: pointer.folderName)
        }
        return content
    }

    /// Each module folder of `layout` whose name is a storage name and whose `current` pointer is well formed: the
    /// module, its folder's standardized path and the installed folder name the pointer holds. One read per module.
    private static func pointers(_ layout: OTAStorageLayout) -> [(module: String, modulePath: String, folderName: String)] {
        guard layout.hasUsableAppVersion,
              let names = try? FileManager.default.contentsOfDirectory(atPath: layout.modulesFolder.path)
        else { return [] }
        // Paths as strings: joining plain names to a standardized folder keeps them standardized, at a fraction of
        // the cost of URL arithmetic (the paths are those of OTAStorageLayout).
        let modulesPath = layout.modulesFolder.standardizedFileURL.path
        return names.compactMap { name in
            guard let module = OTAStorageLayout.moduleName(fromStorageName: name) else { return nil }
            let modulePath = modulesPath + "/" + name
            guard let folderName = pointedFolderName(modulePath + "/" + OTAStorageLayout.currentPointerFileName) else { return nil }
            return (module, modulePath, folderName)
        }
    }

    /// Whether the installed folder at `folderPath` (standardized) is still the one its module's `current` names.
    static func isCurrent(folderPath: String) -> Bool {
        let name = (folderPath as NSString).lastPathComponent
        let module = (folderPath as NSString).deletingLastPathComponent
        return pointedFolderName(module + "/" + OTAStorageLayout.currentPointerFileName) == name
    }

    /// The installed folder name a `current` pointer file holds, when it is well formed.
    static func pointedFolderName(_ pointerPath: String) -> String? {
        // A pointer is at most 72 bytes; one byte over the limit says the file is too long to be one.
        guard let data = SmallFile.prefix(pointerPath, count: 129), data.count <= 128 else { return nil }
        return OTAStorageLayout.parseCurrentPointer(data)
    }

    /// Whether `folder` looks like a complete install that can be read now, without hashing anything:
    /// `Info.plist` reads, starts like an XML property list and is at most ``maximumInfoPlistBytes``, and the seal
    /// reads and passes ``BundleSeal/isPlausible(_:infoPlistSize:)`` (its `Info.plist` line has that size).
    ///
    /// Reading the bytes is the check that matters before the first unlock (the read fails). A folder the
    /// installer committed always passes; the service's full check (every file's size and SHA-256) runs in the
    /// update cycle, which reinstalls a folder that fails it.
    package static func isReadableBundleFolder(_ folder: URL) -> Bool {
        isReadableBundleFolder(atPath: folder.path)
    }

    private static func isReadableBundleFolder(atPath folder: String) -> Bool {
        guard let info = SmallFile.prefix(folder + "/" + BundlePath.infoPlist, count: maximumInfoPlistBytes + 1),
              info.count <= maximumInfoPlistBytes, info.starts(with: xmlStart)
        else { return false }
        // Most seals fit in one small read (three system calls); a larger one is read whole.
        let sealPath = folder + "/" + BundleSeal.fileName
        guard var seal = SmallFile.prefix(sealPath, count: sealReadBytes) else { return false }
        if seal.count == sealReadBytes {
            guard let whole = SmallFile.read(sealPath, maximumBytes: BundleSeal.maximumBytes) else { return false }
            seal = whole
        }
        return BundleSeal.isPlausible(seal, infoPlistSize: info.count)
    }

    /// Whether the folder at `path` shows what the module's full bundle shows for `selection`: always for a folder
    /// installed from the full ZIP (no record); for one assembled from slices, per its ``SliceRecord``, which is
    /// trusted only when its SHA-256 is the folder's name (the installer names the folder so): a record edited after
    /// the install, or one too large to read, leaves the module out.
    package static func covers(_ path: String, _ selection: OTALocalizationSelection) -> Bool {
        switch SmallFile.contents(path + "/" + SliceRecord.fileName, maximumBytes: SliceRecord.maximumBytes) {
        case .missing:
            return true
        case .unreadable:
            return false
        case .data(let data):
            let folderName = String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...])
            guard OTAStorageLayout.folderHash(ofInstallFolderName: folderName) == OTASHA256.hexString(data),
                  let record = SliceRecord(parsing: data)
            else { return false }
            return selection.covers(installed: record.installed, available: record.available, developmentRegion: record.developmentRegion)
        }
    }

    private static let xmlStart = Array("<?xml".utf8)
    /// The first read of a seal, in bytes: a module of about 40 tables.
    private static let sealReadBytes = 4096
}
