import Foundation
import OTALocalizations

/// The device's install ID (`<storageRoot>/.ota-install-id`): 128 random bits as 32 lowercase hex digits, created
/// once, read by the rollout bucket (`ManifestRollout.bucket(rolloutID:installID:)`) and never sent in any request.
///
/// Only the service writes it; the kill switch keeps it (docs/rollouts.md, "The install ID").
enum InstallID {
    /// The stored install ID, or nil when the file is missing, not a regular file, or not exactly an ID.
    static func load(_ layout: OTAStorageLayout) -> String? {
        SmallFile.read(layout.installIDFile.path, maximumBytes: 64).flatMap(OTAStorageLayout.parseInstallID)
    }

    /// Inside the gate, after `tmp/` exists: the stored install ID, or a new one written atomically in place of a
    /// missing or damaged file (anything but a regular file there is moved aside first).
    static func loadOrCreate(_ layout: OTAStorageLayout) throws(CycleFailure) -> String {
        if let existing = load(layout) { return existing }
        let created = random()
        DurableFiles.clearForFile(layout.installIDFile, layout: layout)
        try DurableFiles.replaceFile(
            layout.installIDFile, with: OTAStorageLayout.installIDContents(created), temporaryFolder: layout.temporaryFolder)
        return created
    }

    /// 128 bits from the system's cryptographically secure generator (`SystemRandomNumberGenerator`), as hex.
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return [generator.next() as UInt64, generator.next() as UInt64]
            .map { value in
                let hex = String(value, radix: 16)
                return String(repeating: "0", count: 16 - hex.count) + hex
            }
            .joined()
    }
}
