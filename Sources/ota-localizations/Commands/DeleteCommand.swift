import Foundation
import OTALocalizationsSync
import OTALocalizationsTooling
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ota-localizations delete`: the kill switch; empties a storage root.
enum DeleteCommand: Command {
    static let name = "delete"
    static let summary = "Delete every installed bundle under a storage root (the kill switch)"
    static let options = [StorageRootArguments.into]
    static let help = """
        OVERVIEW: Delete every app version's bundles, state and temporary files under a storage root, as the app's kill
        switch does: the install ID (the device's place in staged rollouts), the anti-rollback record (everything
        published so far is marked as pulled in it, so that neither an older manifest nor the publish that was
        installed is installed again, until something newer is published) and each app version's crash-loop
        quarantine records stay.

        USAGE: ota-localizations delete --into <storage root>

        Takes the storage root's lock (<storage root>/.ota-localizations.lock). When a sync holds it, that sync is
        asked to stop (SIGUSR1: it cancels its cycle and deletes, as the app's deleteAllBundles() does), and this
        command waits for the lock. With the lock held it deletes every other entry, the lock file last; a sync that
        starts afterwards installs again. Each entry is first renamed to a
        trash name (.ota-trash-<id>) and only then removed: a delete killed in the middle never leaves a half
        bundle, and the next sync or delete removes the trash.

        OPTIONS:
        \(CommandOption.helpText(options, column: 28))

        EXIT STATUS: 0 deleted (or nothing to delete), 1 something could not be deleted or locked, 2 usage error.
        """

    static func run(_ arguments: [String]) -> Output.Status {
        run(arguments) { args in
            let root: URL
            guard args.positionals.isEmpty else { throw UsageError(message: "unexpected argument '\(args.positionals[0])'") }
            root = URL(fileURLWithPath: try args.required(StorageRootArguments.into))
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
                Output.out("Nothing to delete: \(root.path) does not exist.")
                return .success
            }
            guard isDirectory.boolValue else {
                Output.err("error: \(root.path) is not a folder")
                return .failure
            }

            let holder = StorageLock.Holder.currentProcess(purpose: "delete")
            var asked: Set<Int32> = []
            let lock: StorageLock
            do {
                while true {
                    if let acquired = try StorageLock.tryAcquire(storageRoot: root, holder: holder) {
                        lock = acquired
                        break
                    }
                    if let other = StorageLock.currentHolder(storageRoot: root), other.purpose == "sync",
                       other.processIdentifier != getpid(), asked.insert(other.processIdentifier).inserted {
                        Output.err("Asking sync (pid \(other.processIdentifier)) to stop.")
                        kill(other.processIdentifier, SIGUSR1)
                    }
                    usleep(20_000)
                }
            } catch {
                Output.err("error: cannot lock the storage root: \(error)")
                return .failure
            }
            let outcome = lock.removeContentsExceptLockFile()
            lock.releaseRemovingFile()
            guard outcome.undeleted.isEmpty else {
                Output.err("error: could not delete: \(outcome.undeleted.joined(separator: ", "))")
                return .failure
            }
            if let reason = outcome.notPulled {
                Output.err("error: deleted every bundle under \(root.path), but could not mark what was installed as pulled "
                    + "(\(reason)): a sync may install it again; free some space and run delete again")
                return .failure
            }
            Output.out("Deleted every bundle under \(root.path) (kept, as the app's kill switch does: the install ID, the anti-rollback record, which marks what was installed as pulled, and any crash-loop quarantine).")
            return .success
        }
    }
}
