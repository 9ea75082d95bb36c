import OTALocalizationsCore

extension Packager {
    /// Refuses a pseudo-localization for production (no channel, or `production`): its devices must never show
    /// pseudo-text.
    /// - Throws: ``PackagerError`` `refused`, field `pseudoLocalization`.
    static func checkPseudoChannel(_ options: PackageOptions) throws {
        guard let localization = options.pseudoLocalization,
              options.channel == nil || options.channel == ManifestChannel.production else { return }
        throw PackagerError(
            code: .refused,
            reason: "the pseudo-localization of \(localization) is refused for the production channel: production devices "
                + "must never show pseudo-text; package it for another channel, such as qa",
            field: .pseudoLocalization, facts: PackagerError.Facts(value: localization))
    }

    /// Replaces the tables of ``PackageOptions/pseudoLocalization`` in the loaded modules with pseudo-text, before
    /// they are checked and packed; returns a warning for each kind of module left as it is.
    /// - Throws: ``PackagerError`` `configuration` (field `pseudoLocalization`) when no module has the localization;
    ///   what ``PseudoLocalization/apply(_:to:developmentRegion:)`` throws.
    static func pseudoLocalize(_ pipeline: inout PublishPipeline, _ options: PackageOptions) throws -> [PackageWarning] {
        guard let localization = options.pseudoLocalization else { return [] }
        let developmentRegion = pipeline.configuration.developmentRegion
        let outcome = try PseudoLocalization.apply(localization, to: pipeline.load.modules, developmentRegion: developmentRegion)
        guard !outcome.replaced.isEmpty || !outcome.withoutDevelopmentTables.isEmpty else {
            let available = Set(pipeline.load.modules.flatMap(\.localizations)).sorted()
            let problem = "no module has this localization; they have \(available.joined(separator: ", "))"
            throw PackagerError(
                code: .configuration, reason: "pseudo-localization \(localization): \(problem)",
                field: .pseudoLocalization, facts: PackagerError.Facts(value: localization, problem: problem))
        }
        pipeline.load.modules = outcome.modules
        var warnings: [PackageWarning] = []
        if !outcome.lacking.isEmpty {
            warnings.append(.pseudoLocalizationMissing(localization: localization, modules: outcome.lacking.sorted()))
        }
        if !outcome.withoutDevelopmentTables.isEmpty {
            warnings.append(.pseudoWithoutDevelopmentTables(
                localization: localization, developmentRegion: developmentRegion, modules: outcome.withoutDevelopmentTables.sorted()))
        }
        return warnings
    }
}
