import Foundation
import OTALocalizations

/// ``OTALocalizationSelection/localizations(from:)`` for one cycle, computed once per distinct list of a module's
/// localizations: modules of one app mostly share the list, and the matcher is the costly part of checking 500
/// modules. Safe from any thread.
final class LocalizationChoices: @unchecked Sendable {
    let selection: OTALocalizationSelection
    private let lock = NSLock()
    // Guarded by `lock`.
    private var chosen: [[String]: [String]] = [:]

    init(_ selection: OTALocalizationSelection) {
        self.selection = selection
    }

    /// What `selection` chooses from `available`.
    func localizations(from available: [String]) -> [String] {
        if let known = lock.withLock({ chosen[available] }) { return known }
        let result = selection.localizations(from: available)
        lock.withLock { chosen[available] = result }
        return result
    }
}
