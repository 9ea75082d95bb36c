import Foundation
import OTALocalizations

extension OTALocalizationService {
    /// Returns a QA snapshot of this service's storage root and app version (``OTALocalizationDiagnostics``): per
    /// module what this process serves and why (`OTALocalizedString.servedContent(for:)`, so call it after
    /// `loadBundlesFromDisk(configuration:)`), what is installed, the anti-rollback marks, the quarantines and the
    /// reports of the last cycles (kept across launches, at most 20).
    ///
    /// `modules` names modules to list even when nothing is installed for them (the app's own modules; they show
    /// `embedded` with `notInstalled` or the read side's reason). Allowed in every build: it reads small files and
    /// changes nothing; ``OTALocalizationDiagnostics/exportJSON()`` gives its JSON. Runs on the service's actor,
    /// between cycles' own steps; it does not wait for a cycle in flight.
    public func diagnostics(modules: [String] = []) -> OTALocalizationDiagnostics {
        OTALocalizationDiagnostics.read(configuration: configuration, servedAsOf: .thisProcess, modules: modules)
    }
}
