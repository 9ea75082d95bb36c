import Foundation
import OTALocalizationsCore
import OTALocalizationsValidation

/// The steps `package` and `validate` share, in one order: configuration, discovery, the baselines named by the
/// options, then loading every table; ``diagnostics()`` runs every check on what was loaded.
///
/// Both commands go through it, so they read the same files and report the same findings.
struct PublishPipeline {
    let configuration: PackagerConfiguration
    /// Every loaded table; `package` may replace a localization's tables (``PseudoLocalization``) before checking.
    var load: TableLoadResult
    /// Files discovery and loading left out, sorted by path.
    let skipped: [SkippedFile]
    let validation: PublishValidation
    /// The repository root as discovery resolved it, where the modules' Swift sources are read.
    let repositoryRoot: URL

    /// - Parameters:
    ///   - tablesMustParse: `package` stops at a table that does not parse (``PackagerError`` `invalidTables`);
    ///     `validate` keeps it in ``TableLoadResult/failures`` to report it as a finding.
    ///   - afterDiscovery: the caller's own checks of what was discovered, run before any baseline is read.
    /// - Throws: ``PackagerError``: `configuration`, `missingFolder`, `nameCollision`, a baseline that cannot be
    ///   read, `invalidTables`, and whatever `afterDiscovery` throws.
    init(
        repositoryRoot: URL, configurationFile: URL?, options: ValidationOptions, tablesMustParse: Bool,
        afterDiscovery: (DiscoveryResult) throws -> Void = { _ in }
    ) throws {
        configuration = try PackagerConfiguration.load(repositoryRoot: repositoryRoot, explicitFile: configurationFile)
        let discovery = try ModuleDiscovery.discover(repositoryRoot: repositoryRoot, configuration: configuration)
        self.repositoryRoot = discovery.repositoryRoot
        try afterDiscovery(discovery)
        validation = try options.resolve(configuration)
        load = try tablesMustParse ? TableLoader.loadAllOrThrow(discovery.modules) : TableLoader.loadAll(discovery.modules)
        skipped = (discovery.skipped + load.skipped).sorted { $0.path < $1.path }
    }

    /// Every finding of ``PublishValidation`` for the loaded modules, in its report order.
    func diagnostics() -> [ValidationDiagnostic] {
        validation.diagnostics(
            for: load.modules, skipped: skipped, developmentRegion: configuration.developmentRegion,
            repositoryRoot: repositoryRoot)
    }
}
