import Foundation

extension OTAStorageLayout {
    /// `Library/Application Support/OTALocalizations` in the App Group container `groupIdentifier` names
    /// (`FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`): the storage root an app and its app
    /// extensions share, so that the strings the app's service installs reach the extensions' read side too
    /// (docs/integration.md, "App extensions").
    ///
    /// Nil when the process is not entitled to the group (the container is nil) and on platforms without App Groups
    /// (Linux). The identifier is the `group.…` string of the `com.apple.security.application-groups` entitlement; the
    /// app and every extension that reads the strings must have it.
    public static func appGroupStorageRoot(_ groupIdentifier: String) -> URL? {
        #if canImport(Darwin)
        FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: groupIdentifier)?
            .appendingPathComponent("Library/Application Support/OTALocalizations", isDirectory: true)
        #else
        nil
        #endif
    }
}
