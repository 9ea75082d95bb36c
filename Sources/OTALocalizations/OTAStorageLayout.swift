import Foundation

/// The on-disk layout shared by the read side and the service, for one storage root and one app version.
///
/// Shape (DESIGN.md, "Client on disk"):
/// ```
/// <storageRoot>/.ota-localizations-root.json    marker: the app-version folders the service created
/// <storageRoot>/<appVersion>/state.json          installed manifest + ETag (complete cycles only)
/// <storageRoot>/<appVersion>/modules/<Module>/<sha256>/   a complete, validated bundle folder
/// <storageRoot>/<appVersion>/modules/<Module>/current     64 lowercase hex digits and "\n"
/// <storageRoot>/<appVersion>/tmp/                downloads and extraction; emptied each cycle
/// ```
/// The layout only computes URLs; it never touches the disk.
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
    public static let rootMarkerFileName = ".ota-localizations-root.json"
    /// The file name of the pointer naming a module's active folder.
    public static let currentPointerFileName = "current"

    /// `Application Support/OTALocalizations` in the user domain: the default storage root.
    public static var defaultStorageRoot: URL {
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
        return support.appendingPathComponent("OTALocalizations", isDirectory: true)
    }

    /// The main bundle's `CFBundleShortVersionString`, or nil when it has none (for example in a test runner).
    public static var mainBundleAppVersion: String? {
        Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String
    }

    /// Whether `appVersion` can name a folder: non-empty, not `.` or `..`, no `/`, `\` or NUL.
    public var hasUsableAppVersion: Bool { Self.isPlainFileName(appVersion) }

    /// The marker file at the storage root (see ``rootMarkerFileName``).
    public var rootMarkerFile: URL { storageRoot.appendingPathComponent(Self.rootMarkerFileName, isDirectory: false) }
    /// `<storageRoot>/<appVersion>/`.
    public var versionFolder: URL { storageRoot.appendingPathComponent(appVersion, isDirectory: true) }
    /// `<storageRoot>/<appVersion>/state.json`.
    public var stateFile: URL { versionFolder.appendingPathComponent("state.json", isDirectory: false) }
    /// `<storageRoot>/<appVersion>/modules/`.
    public var modulesFolder: URL { versionFolder.appendingPathComponent("modules", isDirectory: true) }
    /// `<storageRoot>/<appVersion>/tmp/`: the only place temporary files are written.
    public var temporaryFolder: URL { versionFolder.appendingPathComponent("tmp", isDirectory: true) }

    /// `modules/<module>/`, holding the module's content-addressed folders and its `current` pointer.
    public func moduleFolder(_ module: String) -> URL {
        modulesFolder.appendingPathComponent(module, isDirectory: true)
    }

    /// `modules/<module>/current`.
    public func currentPointerFile(module: String) -> URL {
        moduleFolder(module).appendingPathComponent(Self.currentPointerFileName, isDirectory: false)
    }

    /// `modules/<module>/<sha256>/`: the bundle folder of one published ZIP.
    public func installFolder(module: String, sha256: String) -> URL {
        moduleFolder(module).appendingPathComponent(sha256, isDirectory: true)
    }

    /// The exact bytes of a `current` pointer naming `sha256`: the 64 hex digits and a line feed.
    public static func currentPointerContents(sha256: String) -> Data {
        Data((sha256 + "\n").utf8)
    }

    /// The SHA-256 a `current` pointer names, or nil unless `data` is exactly 64 lowercase hex digits and "\n".
    public static func parseCurrentPointer(_ data: Data) -> String? {
        guard data.count == 65, data.last == 0x0A else { return nil }
        let digits = data.prefix(64)
        guard digits.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        return String(decoding: digits, as: UTF8.self)
    }

    /// Whether `name` can be used as one path component: non-empty, not `.` or `..`, no `/`, `\` or NUL.
    public static func isPlainFileName(_ name: String) -> Bool {
        guard !name.isEmpty, name != ".", name != ".." else { return false }
        return !name.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0 == "\u{0}" }
    }
}
