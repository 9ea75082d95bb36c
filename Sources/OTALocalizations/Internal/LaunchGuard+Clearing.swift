import Foundation

extension LaunchGuard {
    /// Removes every quarantine record of `layout` and sets the count of unconfirmed launches back to 0, under the
    /// record's lock, so that the next launch serves the installed content again and counts it afresh. Returns how
    /// many records were removed, or nil when the records could not be changed (something other than a regular
    /// file at the count's path, a lock held for about 2 s, or the file could not be removed). Decisions this process
    /// already took stay: the running session keeps serving what it served.
    static func clearQuarantines(_ layout: OTAStorageLayout) -> Int? {
        let count = OTALaunchQuarantine.loadAll(layout).count
        guard StorageEntry(atPath: layout.quarantineFile.path) != .missing
                || StorageEntry(atPath: layout.launchAttemptsFile.path) != .missing
        else { return 0 }
        let cleared = withLockedRecord(layout.launchAttemptsFile.path, create: false, attempts: confirmLockAttempts) {
            descriptor, locked -> Bool in
            guard locked else { return false }
            guard unlink(layout.quarantineFile.path) == 0 || errno == ENOENT else { return false }
            FileFlush.toMedium.applyToFolder(layout.versionFolder.path)
            if let record = readRecord(descriptor), record.count > 0 { writeRecord(descriptor, fingerprint: record.fingerprint, count: 0) }
            return true
        }
        switch cleared {
        case .opened(let done): return done ? count : nil
        case .absent: return unlink(layout.quarantineFile.path) == 0 || errno == ENOENT ? count : nil
        case .unusable: return nil
        }
    }
}
