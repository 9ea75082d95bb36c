import Foundation

extension OTAStorageLayout {
    /// `Library/Application Support/OTALocalizations` in the App Group container `groupIdentifier` names
    /// (`FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`): the storage root an app and its app
    /// extensions share, so that the strings the app's service installs reach the extensions' read side too
    /// (docs/integration.md, "App extensions").
    ///
    /// Nil when the process cannot use the group's container, so that the caller falls back to its own storage root:
    /// on iOS the container is nil when the process is not entitled to the group; on macOS a URL of the expected form is
    /// returned whatever the entitlements, so the container must also be a folder this process can write into
    /// (docs/apple-platform.md A1). Nil on platforms without App Groups (Linux). The identifier is the `group.…` string
    /// of the `com.apple.security.application-groups` entitlement; the app and every extension that reads the strings
    /// must have it.
    public static func appGroupStorageRoot(_ groupIdentifier: String) -> URL? {
        #if canImport(Darwin)
        let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: groupIdentifier)
        #else
        let container: URL? = nil
        #endif
        return storageRoot(inGroupContainer: container)
    }

    /// The storage root inside an App Group container, or nil when `container` is nil or is not a folder this process
    /// can write into (not entitled, or sandboxed away from it).
    static func storageRoot(inGroupContainer container: URL?) -> URL? {
        var isDirectory: ObjCBool = false
        guard let container, FileManager.default.fileExists(atPath: container.path, isDirectory: &isDirectory),
              isDirectory.boolValue, access(container.path, W_OK | X_OK) == 0
        else { return nil }
        return container.appendingPathComponent("Library/Application Support/OTALocalizations", isDirectory: true)
    }
}
