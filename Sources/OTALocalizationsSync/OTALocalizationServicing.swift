/// The app-facing capability of the localization service: run update cycles, and the kill switch.
///
/// Only the app target (the composition root) holds one; feature modules use `OTALocalizedString`.
public protocol OTALocalizationServicing: Actor {
    /// Runs one update cycle, or joins the one in flight, and returns when it has ended.
    func start() async
    /// Stops the in-flight cycle, waits for it to end (for a bounded time), then deletes everything under the
    /// storage root; nothing the stopped cycle was doing lands afterwards.
    func deleteAllBundles() async
}
