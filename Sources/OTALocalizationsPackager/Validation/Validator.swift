import Foundation
import OTALocalizationsCore
import OTALocalizationsNames
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
        let name = (failure.path as NSString).lastPathComponent
        let lproj = ((failure.path as NSString).deletingLastPathComponent as NSString).lastPathComponent
        return ValidationDiagnostic(
            code: failure.tableError?.code == .encoding ? .encoding : .parseError,
            module: failure.module,
            table: (name as NSString).deletingPathExtension,
            localization: LocalizationFolder.localization(ofFolder: lproj),
            file: failure.path,
            line: failure.tableError.flatMap { $0.line > 0 ? $0.line : nil },
            column: failure.tableError.flatMap { $0.column > 0 ? $0.column : nil },
            message: (failure.tableError?.reason ?? failure.message)
                + ". " + ValidationDiagnostic.Code.neverBaselinedReason
        )
    }
}
