import Foundation
import OTALocalizations

extension OTALocalizationService {
    /// Installs what a change of language needs before the user makes it: runs an update cycle whose selection is the
    /// configuration's ``OTALocalizationServiceConfiguration/localizationSelection`` plus, for each of `languages`,
    /// what that language alone would choose, and returns its report (the one `reportHandler` receives too).
    ///
    /// Call it from a "Change language" screen before sending the user to the app's page in Settings
    /// (docs/integration.md, "A Change-language screen"): iOS relaunches the app when its language changes, and that
    /// first launch serves, for a module installed from slices, only a folder that covers the new language
    /// (docs/design.md, "Slices"); without the prefetch it serves the embedded strings until a cycle has fetched it.
    /// Modules installed from full ZIPs already hold every language and are not downloaded again.
    ///
    /// `languages` are BCP 47 tags (`fr`, `pt-BR`, `zh-Hans`); a string that is not a language identifier is left out.
    /// They are kept at the storage root (`.ota-prefetched-languages`), replacing any earlier prefetch, so that later
    /// cycles keep their slices installed until one of these holds: a cycle reads a publish in which they add no
    /// localization to what the device's own languages choose (the user switched to one of them), seven days have
    /// passed, or the kill switch deletes everything. An empty list removes the record and runs an ordinary cycle.
    ///
    /// Waits for a cycle in flight to end first (it chose its slices without these languages), then runs a new one; it
    /// ends at the latest after the cycle deadline. Returns a `failed` report with the code `cancelled` when
    /// ``deleteAllBundles()`` is running, and one with the code `storage` when the record cannot be written (nothing
    /// else is done). New text shows from the next cold start, as after any cycle.
    public func prefetch(localizations languages: [String]) async -> OTALocalizationCycleReport {
        while deletionsInProgress == 0, let inFlight {
            _ = await inFlight.task.value
        }
        guard deletionsInProgress == 0 else {
            return OTALocalizationCycleReport(manifest: .failed, error: CycleFailure.cancelled.reason, errorCode: .cancelled)
        }
        let valid = PrefetchedLanguages.valid(languages)
        let layout = configuration.layout
        if valid.isEmpty {
            PrefetchedLanguages.remove(layout)
            memory.setPrefetched(nil)
        } else {
            let record = PrefetchedLanguages(
                languages: valid, since: Int64(configuration.deviceClock().timeIntervalSince1970.rounded(.down)))
            do {
                try record.save(layout)
            } catch {
                return OTALocalizationCycleReport(manifest: .failed, error: "storage: \(error.reason)", errorCode: .storage)
            }
            memory.setPrefetched(record)
        }
        let before = cyclesEnded
        await start()
        guard cyclesEnded > before, let lastReport else {
            return OTALocalizationCycleReport(manifest: .failed, error: CycleFailure.cancelled.reason, errorCode: .cancelled)
        }
        return lastReport
    }
}
