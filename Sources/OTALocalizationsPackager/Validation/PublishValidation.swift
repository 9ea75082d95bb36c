import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing
import OTALocalizationsNames
import OTALocalizationsCatalogs
import OTALocalizationsValidation

/// Runs every check of a publish: assembles each loaded module's ``ValidationInput`` (its tables, its origin in the
/// repository, the development values of its Swift sources when needed), runs ``ModuleValidator`` on it against the
/// baseline of what was published before, places findings of compiled tables in their String Catalogs, applies the
/// adoption baseline and orders the findings. Every check and every code is the validator's.
///
/// Used by `package` (before anything is written) and by `validate`, so both report the same findings.
struct PublishValidation: Sendable {
    /// What was published before (or embedded in the app), one ``ValidationInput`` per module name.
    var publishedBaseline: [String: ValidationInput]
    /// Recorded findings that are reported as warnings (`--validation-baseline`).
    var adoptionBaseline: ValidationBaseline?
    /// The configuration's `pluralCountsOfMillions` (see ``ModuleValidator/pluralCountsOfMillions``).
    var pluralCountsOfMillions: Bool

    init(
        publishedBaseline: [String: ValidationInput] = [:], adoptionBaseline: ValidationBaseline? = nil,
        pluralCountsOfMillions: Bool = false
    ) {
        self.publishedBaseline = publishedBaseline
        self.adoptionBaseline = adoptionBaseline
        self.pluralCountsOfMillions = pluralCountsOfMillions
    }

    /// All findings for `modules`, in ``reportOrder(_:_:)``.
    ///
    /// Findings in tables compiled from a String Catalog are reported against the catalog, at the key's line
    /// in the catalog file (nil when the key cannot be located).
    /// - Parameters:
    ///   - skipped: files discovery left out; a table left at the root of a module's resource folder is reported as
    ///     `table-outside-lproj` (``ValidationInput/Origin/tablesBesideLprojFolders``).
    ///   - repositoryRoot: where the modules' source folders are: a module whose translations have keys its
    ///     development tables lack gets the development values of its Swift sources and String Catalogs
    ///     (``ModuleSourceValues``); nil reads no Swift source.
    func diagnostics(
        for modules: [LoadedModule], skipped: [SkippedFile], developmentRegion: String, repositoryRoot: URL? = nil
    ) -> [ValidationDiagnostic] {
        let validator = ModuleValidator(pluralCountsOfMillions: pluralCountsOfMillions)
        let baselines = publishedBaseline
        let discovered = modules.map(\.module)
        // Modules are independent: check them on every core, then merge in a fixed order.
        let perModule: [[ValidationDiagnostic]] = ParallelMap.map(modules) { module in
            var input = Self.input(for: module, skipped: skipped, developmentRegion: developmentRegion)
            if input.needsSourceValues {
                input.sourceValues = ModuleSourceValues.read(for: module, among: discovered, repositoryRoot: repositoryRoot)
            }
            let found = validator.validate(input, baseline: baselines[module.module.name])
            return Self.locatedInCatalogs(found, catalogs: module.catalogs)
        }
        var all = perModule.flatMap { $0 }
        if let adoptionBaseline { all = adoptionBaseline.apply(to: all) }
        return all.sorted(by: Self.reportOrder)
    }

    /// The order findings are reported in: by module, then file, errors before warnings before notes, then line,
    /// code and key.
    static func reportOrder(_ a: ValidationDiagnostic, _ b: ValidationDiagnostic) -> Bool {
        let rankA = a.severity.rank
        let rankB = b.severity.rank
        return (a.module, a.file, rankA, a.line ?? 0, a.code.rawValue, a.key ?? "")
            < (b.module, b.file, rankB, b.line ?? 0, b.code.rawValue, b.key ?? "")
    }

    /// The validator's view of a loaded module: every published table at its bundle path, and its ``ValidationInput/origin``.
    /// - Parameter skipped: files discovery left out; those left at the root of the module's resource folders are
    ///   the origin's ``ValidationInput/Origin/tablesBesideLprojFolders``.
    static func input(for module: LoadedModule, skipped: [SkippedFile], developmentRegion: String) -> ValidationInput {
        let files = module.tables.map { table in
            ValidationInput.File(path: table.sourcePath, relativePath: table.bundlePath, content: .init(table.table))
        }
        let folders = Array(Set(module.tables.map { LocalizationFolder.name(for: $0.localization) })).sorted()
        var input = ValidationInput(module: module.module.name, developmentRegion: developmentRegion, files: files, folders: folders)
        input.origin = ValidationInput.Origin(
            discovered: module.module, skipped: skipped, catalogSourceLanguages: module.catalogs.map(\.sourceLanguage))
        return input
    }

    private static func locatedInCatalogs(_ diagnostics: [ValidationDiagnostic], catalogs: [StringCatalog]) -> [ValidationDiagnostic] {
        guard !catalogs.isEmpty else { return diagnostics }
        let byPath = Dictionary(catalogs.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        return diagnostics.map { diagnostic in
            guard let catalog = byPath[diagnostic.file] else { return diagnostic }
            var located = diagnostic
            let keyPath = diagnostic.keyPath.map { $0.split(separator: "/").map(String.init) } ?? []
            let location = diagnostic.key.flatMap {
                catalog.location(ofKey: $0, language: diagnostic.localization, keyPath: keyPath)
            }
            located.line = location?.line
            located.column = location?.column
            if let path = location?.jsonPath { located.amendMessage(" (\(path))") }
            return located
        }
    }
}
