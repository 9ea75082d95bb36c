import Foundation
import OTALocalizations

extension UpdateCycle {
    /// Removes the prefetched languages' record when it adds no localization to any module of `device` (the device's
    /// own languages now choose everything it chose: the user switched to one of its languages, or no module has
    /// them), so that later cycles install what the device's languages alone choose.
    func dropPrefetchedLanguagesAddingNothing(_ device: DeviceManifest) {
        guard !selection.prefetchedLanguages.isEmpty, !selection.isEveryLocalization else { return }
        let own = LocalizationChoices(configuration.localizationSelection)
        let withPrefetched = LocalizationChoices(selection)
        for module in device.modules {
            guard case .sliced = module.content else { continue }
            let available = SlicePlan.available(module.localizations)
            if !Set(withPrefetched.localizations(from: available)).isSubset(of: own.localizations(from: available)) { return }
        }
        if gate.attempt({ PrefetchedLanguages.remove(layout) }) { memory.setPrefetched(nil) }
    }
}
