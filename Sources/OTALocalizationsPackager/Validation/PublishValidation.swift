import Foundation
import OTALocalizationsCore
import OTALocalizationsNames
import OTALocalizationsCatalogs
import OTALocalizationsValidation

/// Runs every check of a publish: each loaded module through ``ModuleValidator``, tables left at a resource
/// folder's root, the baseline of what was published before, and the adoption baseline.
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
    ///     `table-outside-lproj`.
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
            var input = Self.input(for: module, developmentRegion: developmentRegion)
            if input.needsSourceValues {
                input.sourceValues = ModuleSourceValues.read(for: module, among: discovered, repositoryRoot: repositoryRoot)
            }
            return Self.check(module, input: input, validator: validator, baseline: baselines[module.module.name],
                              skipped: skipped, developmentRegion: developmentRegion)
        }
        var all = perModule.flatMap { $0 }
        if let adoptionBaseline { all = adoptionBaseline.apply(to: all) }
        return all.sorted(by: Self.reportOrder)
    }

    private static func check(
        _ module: LoadedModule, input: ValidationInput, validator: ModuleValidator, baseline: ValidationInput?,
        skipped: [SkippedFile], developmentRegion: String
    ) -> [ValidationDiagnostic] {
        var found = validator.validate(input, baseline: baseline)
        found += Self.rootTables(of: module.module, in: skipped)
        // Base.lproj stands in for the development region (docs/apple-platform.md L13, F3), and a catalog in the
        // development language may rightly compile to no source-language table (docs/string-catalogs.md).
        let covered = module.tables.contains { $0.localization == developmentRegion || $0.localization == LocalizationFolder.base }
            || module.catalogs.contains { $0.sourceLanguage == developmentRegion }
        if module.module.rule == ModuleNamingRule.repositoryFolderRule {
            found.append(ValidationDiagnostic(
                code: .moduleNameFromCheckoutFolder, module: module.module.name, table: nil,
                localization: nil, file: module.module.folders.first.map { $0.isEmpty ? "." : $0 } ?? ".",
                message: ModuleNamingRule.checkoutFolderAdvice(module: module.module.name, folders: module.module.folders)
                    + ". This cannot be baselined: the name is what differs between checkouts."
            ))
        }
        if !module.tables.isEmpty, !covered {
            // Another region of the language (en-GB for en) stands in for the formats only (docs/validation.md).
            let compared = input.developmentLocalization.map { " (only their format specifiers are compared with \($0))" } ?? ""
            found.append(ValidationDiagnostic(
                code: .developmentRegionMissing, module: module.module.name, table: nil,
                localization: developmentRegion, file: module.module.folders.first ?? "",
                message: "the module has no \(developmentRegion).lproj table, so translations are not checked against the "
                    + "development region\(compared) and Bundle has no copy to fall back to; add \(developmentRegion).lproj or set "
                    + "developmentRegion in \(PackagerConfiguration.fileName)"
            ))
        }
        return Self.locatedInCatalogs(found, catalogs: module.catalogs)
    }

    /// The order findings are reported in: by module, then file, errors before warnings before notes, then line,
    /// code and key.
    static func reportOrder(_ a: ValidationDiagnostic, _ b: ValidationDiagnostic) -> Bool {
        let rankA = a.severity.rank
        let rankB = b.severity.rank
        return (a.module, a.file, rankA, a.line ?? 0, a.code.rawValue, a.key ?? "")
            < (b.module, b.file, rankB, b.line ?? 0, b.code.rawValue, b.key ?? "")
    }

    /// The validator's view of a loaded module: every published table at its bundle path.
    static func input(for module: LoadedModule, developmentRegion: String) -> ValidationInput {
        let files = module.tables.map { table in
            ValidationInput.File(path: table.sourcePath, relativePath: table.bundlePath, content: .init(table.table))
        }
        let folders = Array(Set(module.tables.map { LocalizationFolder.name(for: $0.localization) })).sorted()
        return ValidationInput(module: module.module.name, developmentRegion: developmentRegion, files: files, folders: folders)
    }

    private static func rootTables(of module: DiscoveredModule, in skipped: [SkippedFile]) -> [ValidationDiagnostic] {
        let folders = Set(module.folders)
        return skipped.compactMap { file -> ValidationDiagnostic? in
            guard file.code == .outsideLproj else { return nil }
            let parent = (file.path as NSString).deletingLastPathComponent
            guard folders.contains(parent) else { return nil }
            let name = (file.path as NSString).lastPathComponent
            return ValidationDiagnostic(
                code: .tableOutsideLproj, module: module.name,
                table: (name as NSString).deletingPathExtension, localization: nil, key: nil, file: file.path,
                line: nil, column: nil,
                message: "\(name) sits beside the module's .lproj folders; at a bundle's root it would hide every "
                    + "localized copy (docs/apple-platform.md F4). Move it into <language>.lproj or delete it",
                value: file.path
            )
        }
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
