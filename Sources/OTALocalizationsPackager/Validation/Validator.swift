import Foundation
import OTALocalizationsCore
import OTALocalizationsValidation

/// What `validate` found in a repository.
public struct ValidationRun: Sendable {
    public var modules: [DiscoveredModule]
    /// Every finding, parse failures included, by module, then file, errors before warnings before notes, then
    /// line, code and key.
    public var diagnostics: [ValidationDiagnostic]
    public var skipped: [SkippedFile]
    /// How many findings are new only because the validation baseline was written by a release that recorded them
    /// with less detail (``ValidationBaseline/countCoveredOnlyByOlderRecords(in:)``).
    public var coveredOnlyByOlderRecords: Int = 0
}

/// Runs `package`'s checks without writing anything (`ota-localizations validate`).
public enum Validator {
    /// Discovers, reads and checks every module; tables that do not parse become `parse-error` / `encoding`
    /// findings instead of stopping the run.
    ///
    /// - Throws: ``PackagerError`` for what stops discovery (`configuration`, `missingFolder`, `nameCollision`)
    ///   or a baseline that cannot be read.
    public static func validate(
        repositoryRoot: URL, configurationFile: URL?, options: ValidationOptions
    ) throws -> ValidationRun {
        let pipeline = try PublishPipeline(
            repositoryRoot: repositoryRoot, configurationFile: configurationFile, options: options, tablesMustParse: false
        )
        let load = pipeline.load
        var diagnostics = pipeline.diagnostics()
        diagnostics += load.failures.map(Self.diagnostic)
        diagnostics.sort(by: PublishValidation.reportOrder)
        return ValidationRun(
            modules: load.modules.map(\.module), diagnostics: diagnostics, skipped: pipeline.skipped,
            coveredOnlyByOlderRecords: pipeline.validation.adoptionBaseline?.countCoveredOnlyByOlderRecords(in: diagnostics) ?? 0)
    }

    private static func diagnostic(_ failure: TableLoadFailure) -> ValidationDiagnostic {
        ModuleValidator.unloadedFile(
            module: failure.module, path: failure.path, tableError: failure.tableError, message: failure.message)
    }
}
