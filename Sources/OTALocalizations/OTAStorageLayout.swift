import Foundation
import OTALocalizationsNames

/// The on-disk layout shared by the read side and the service, for one storage root and one app version: the one
/// owner of every name and format below.
///
/// Shape (docs/design.md, "On the device"):
/// ```
/// <storageRoot>/.ota-localizations-root.json     marker: the app-version folders the service created
/// <storageRoot>/.ota-trash-<id>                  something being deleted (renamed here first); no reader looks
/// <storageRoot>/.ota-install-id                  the install ID: places the device in staged rollouts
/// <storageRoot>/<appVersion>/state.json          installed manifest + ETag (complete cycles only)
/// <storageRoot>/.ota-anti-rollback.json         per channel, the newest publishedAt any module was installed from
/// <storageRoot>/<appVersion>/index-parts/<sha256>  the published index's parts this device read
/// <storageRoot>/<appVersion>/launch-attempts     the crash-loop guard's count (written by the read side)
/// <storageRoot>/<appVersion>/quarantine.json     content the crash-loop guard stopped serving
/// <storageRoot>/<appVersion>/modules/<storage name>/<folder hash>[.<n>]/   a complete, sealed bundle folder
/// <storageRoot>/<appVersion>/modules/<storage name>/current           the active folder's name and "\n"
/// <storageRoot>/<appVersion>/modules/<storage name>/rollout           the rollout (or experiment arm) of the content
/// <storageRoot>/<appVersion>/modules/<storage name>/vouched           the folder a trusted key vouched for
/// <storageRoot>/<appVersion>/tmp/                downloads and extraction; emptied each cycle
/// ```
/// A module's folder is its *storage name* (``storageName(forModule:)``), a reversible encoding that is the same
/// on case-sensitive, case-insensitive and normalizing file systems. An installed folder is named by its folder hash
/// (the full ZIP's SHA-256, or the SHA-256 of the slice record of a folder assembled from slices), with a `.<n>`
/// suffix when the same content had to be installed again while the first folder was in use (a loaded folder is never
/// rewritten in place: `Bundle` caches per path, docs/apple-platform.md C1-C5). It holds a seal (`BundleSeal`),
/// written last. The layout only computes names and URLs; it never touches the disk.
///
/// Public is what an app uses: the storage root (``defaultStorageRoot``, ``appGroupStorageRoot(_:)``), the app
/// version (``mainBundleAppVersion``, ``hasUsableAppVersion``), what the kill switch keeps, and an installed folder's
/// hash (``folderHash(ofInstallFolderName:)``). Every other name is `package`: the service's and the tools'.
public struct OTAStorageLayout: Sendable, Equatable {
    /// The folder that holds one folder per app version.
    public let storageRoot: URL
    /// The app marketing version (`CFBundleShortVersionString`) whose folder this layout describes.
    public let appVersion: String

    /// Creates the layout of `appVersion` under `storageRoot`.
    public init(storageRoot: URL, appVersion: String) {
        self.storageRoot = storageRoot
        self.appVersion = appVersion
    }

    /// The file name of the marker at the storage root that lists the app-version folders the service created.
    package static let rootMarkerFileName = ".ota-localizations-root.json"
    /// The file name of the lock a tool holds at the storage root while it installs or deletes (`flock(2)`, the
    /// tooling's `StorageLock`); deleting every bundle keeps it, so that its holder releases it.
    package static let lockFileName = ".ota-localizations.lock"
    /// The file name of the pointer naming a module's active folder.
    package static let currentPointerFileName = "current"
    /// The prefix of the names things get at the storage root while they are deleted (one atomic rename makes them
    /// unreachable, then they are removed; a later cycle or delete removes what a killed one left).
    package static let trashNamePrefix = ".ota-trash-"
    /// The longest storage name (and so module folder name) in UTF-8 bytes: `NAME_MAX` on Linux and Apple platforms.
    package static let maximumStorageNameBytes = 255

    /// `Application Support/<bundle identifier>/OTALocalizations` in the user domain: the default storage root, the
    /// app's own.
    ///
    /// Application Support is shared by every app of a user on macOS when the app is not sandboxed, so, as Apple's File
    /// System Programming Guide asks, the folder is named by the main bundle's identifier: two apps never share (and so
    /// never delete) each other's modules. Without a bundle identifier (a command-line tool, a test runner) it is
    /// `Application Support/OTALocalizations`.
    public static var defaultStorageRoot: URL {
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
        return defaultStorageRoot(applicationSupport: support, bundleIdentifier: Bundle.main.bundleIdentifier)
    }

    /// ``defaultStorageRoot`` for the Application Support folder `applicationSupport` and a bundle identifier.
    static func defaultStorageRoot(applicationSupport: URL, bundleIdentifier: String?) -> URL {
        var folder = applicationSupport
        if let bundleIdentifier, isPlainFileName(bundleIdentifier), !bundleIdentifier.hasPrefix(".") {
            folder.appendPathComponent(bundleIdentifier, isDirectory: true)
        }
        return folder.appendingPathComponent("OTALocalizations", isDirectory: true)
    }

    /// The main bundle's `CFBundleShortVersionString`, or nil when it has none (for example in a test runner).
    public static var mainBundleAppVersion: String? {
        Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String
    }

    /// Whether `appVersion` can name a folder: non-empty, not `.` or `..`, no `/`, `\` or NUL, and not a name the
    /// storage root uses for itself (the marker, the lock file, trash).
    public var hasUsableAppVersion: Bool {
        Self.isPlainFileName(appVersion) && !appVersion.hasPrefix(".ota-")
    }

    /// The marker file at the storage root (see ``rootMarkerFileName``).
    package var rootMarkerFile: URL { storageRoot.appendingPathComponent(Self.rootMarkerFileName, isDirectory: false) }
    /// `<storageRoot>/<appVersion>/`.
    package var versionFolder: URL { storageRoot.appendingPathComponent(appVersion, isDirectory: true) }
    /// `<storageRoot>/<appVersion>/state.json`.
    package var stateFile: URL { versionFolder.appendingPathComponent("state.json", isDirectory: false) }
    /// `<storageRoot>/<appVersion>/modules/`.
    package var modulesFolder: URL { versionFolder.appendingPathComponent("modules", isDirectory: true) }
    /// `<storageRoot>/<appVersion>/tmp/`: the only place temporary files are written.
    package var temporaryFolder: URL { versionFolder.appendingPathComponent("tmp", isDirectory: true) }
    /// `<storageRoot>/<appVersion>/index-parts/`: the published index's parts a device read, each named by its SHA-256
    /// and checked against it when read again, so that a part that did not change is never downloaded twice.
    package var indexPartsFolder: URL { versionFolder.appendingPathComponent("index-parts", isDirectory: true) }

    /// `modules/<storage name of module>/`, holding the module's installed folders and its `current` pointer.
    package func moduleFolder(_ module: String) -> URL {
        modulesFolder.appendingPathComponent(Self.storageName(forModule: module), isDirectory: true)
    }

    /// `modules/<storage name>/current`.
    package func currentPointerFile(module: String) -> URL {
        moduleFolder(module).appendingPathComponent(Self.currentPointerFileName, isDirectory: false)
    }

    /// `modules/<storage name>/<folderHash>/`: the first folder content with this folder hash is installed to (the
    /// full ZIP's SHA-256, or the SHA-256 of the slice record of a folder assembled from slices).
    package func installFolder(module: String, folderHash: String) -> URL {
        installFolder(module: module, folderName: folderHash)
    }

    /// `modules/<storage name>/<folderName>/`, `folderName` being `<folder hash>` or `<folder hash>.<n>`.
    package func installFolder(module: String, folderName: String) -> URL {
        moduleFolder(module).appendingPathComponent(folderName, isDirectory: true)
    }

    /// `<storageRoot>/.ota-trash-<id>` for a fresh random id.
    package func newTrashURL() -> URL {
        Self.newTrashURL(in: storageRoot)
    }

    /// `<storageRoot>/.ota-trash-<id>` for a fresh random id.
    package static func newTrashURL(in storageRoot: URL) -> URL {
        storageRoot.appendingPathComponent(trashNamePrefix + UUID().uuidString, isDirectory: false)
    }

    // MARK: Installed folder names and the pointer

    /// `<folderHash>` for `copy` 0, else `<folderHash>.<copy>`: the name of an installed folder.
    package static func installFolderName(folderHash: String, copy: Int = 0) -> String {
        copy == 0 ? folderHash : "\(folderHash).\(copy)"
    }

    /// The folder hash an installed folder's name starts with (the full ZIP's SHA-256, or the SHA-256 of the slice
    /// record of a folder assembled from slices), when the name is `<64 lowercase hex>` or `<64 lowercase hex>.<n>`
    /// (`n` from 1 to 999,999, no leading zero); nil otherwise.
    public static func folderHash(ofInstallFolderName name: String) -> String? {
        let bytes = Array(name.utf8)
        guard bytes.count >= 64, bytes[..<64].allSatisfy(LowercaseHex.isDigit) else { return nil }
        if bytes.count > 64 {
            let suffix = bytes[65...]
            guard bytes[64] == UInt8(ascii: "."), (1...6).contains(suffix.count), suffix.first != UInt8(ascii: "0"),
                  suffix.allSatisfy({ (0x30...0x39).contains($0) })
            else { return nil }
        }
        return String(decoding: bytes[..<64], as: UTF8.self)
    }

    /// The exact bytes of a `current` pointer naming the installed folder `folderName`: the name and a line feed.
    package static func currentPointerContents(folderName: String) -> Data {
        Data((folderName + "\n").utf8)
    }

    /// The exact bytes of a `current` pointer naming the folder `<folderHash>`.
    package static func currentPointerContents(folderHash: String) -> Data {
        currentPointerContents(folderName: folderHash)
    }

    /// The longest `current` pointer, in bytes: the longest installed folder name (64 hex digits, `.` and six digits)
    /// and one "\n".
    package static let maximumCurrentPointerBytes = 72

    /// The installed folder name a `current` pointer holds, or nil unless `data` is exactly a name that
    /// ``folderHash(ofInstallFolderName:)`` accepts and one "\n".
    package static func parseCurrentPointer(_ data: Data) -> String? {
        guard data.count >= 65, data.count <= maximumCurrentPointerBytes, data.last == 0x0A else { return nil }
        let name = String(decoding: data.dropLast(), as: UTF8.self)
        return folderHash(ofInstallFolderName: name) == nil ? nil : name
    }

    /// Whether `name` can be used as one path component: non-empty, not `.` or `..`, no `/`, `\` or NUL.
    package static func isPlainFileName(_ name: String) -> Bool {
        PlainFileName.isValid(name)
    }
}
