import Foundation

extension OTAStorageLayout {
    /// The file name, at the storage root, of the folder holding the bundles of an in-app language override
    /// (`OTALocalizedString.bundle(for:embedded:)`): `<storage name of the module>/<sha256>/`, each a flat bundle named by
    /// the SHA-256 of what it was merged from, shared by every app version (the same sources give the same folder).
    /// Deleting every bundle deletes it.
    package static let languageOverridesFolderName = ".ota-language-overrides"

    /// `<storageRoot>/.ota-language-overrides` (see ``languageOverridesFolderName``).
    package var languageOverridesFolder: URL {
        storageRoot.appendingPathComponent(Self.languageOverridesFolderName, isDirectory: true)
    }

    /// `<storageRoot>/.ota-language-overrides/<storage name>/<sha256>`: one module's override bundle.
    package func languageOverrideFolder(module: String, sha256: String) -> URL? {
        guard Self.canStore(module: module) else { return nil }
        return languageOverridesFolder.appendingPathComponent(Self.storageName(forModule: module), isDirectory: true)
            .appendingPathComponent(sha256, isDirectory: true)
    }
}
