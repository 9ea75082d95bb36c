import Foundation
import OTALocalizationsNames

extension ModuleValidator {
    /// Checks the module's place in its repository (``ValidationInput/origin``; nothing without it): a name taken
    /// from the checkout folder (`module-name-from-checkout-folder`), tables left beside the `.lproj` folders
    /// (`table-outside-lproj`), and a development region without a table (`development-region-missing`).
    func checkOrigin(_ input: ValidationInput, into sink: inout DiagnosticSink) {
        guard let origin = input.origin else { return }
        sink.diagnostics += origin.tablesBesideLprojFolders.map { tableBesideLprojFolders($0, module: input.module) }
        if origin.namedAfterCheckoutFolder {
            sink.diagnostics.append(ValidationDiagnostic(
                code: .moduleNameFromCheckoutFolder, module: input.module, table: nil, localization: nil,
                file: origin.resourceFolders.first.map { $0.isEmpty ? "." : $0 } ?? ".",
                message: Self.checkoutFolderAdvice(
                    module: input.module, folders: origin.resourceFolders, configurationFileName: origin.configurationFileName)
                    + ". This cannot be baselined: the name is what differs between checkouts."
            ))
        }
        if !input.files.isEmpty, !Self.coversDevelopmentRegion(input, origin: origin) {
            // Another region of the language (en-GB for en) stands in for the formats only (docs/validation.md).
            let compared = input.developmentLocalization.map { " (only their format specifiers are compared with \($0))" } ?? ""
            let region = input.developmentRegion
            sink.diagnostics.append(ValidationDiagnostic(
                code: .developmentRegionMissing, module: input.module, table: nil,
                localization: region, file: origin.resourceFolders.first ?? "",
                message: "the module has no \(region).lproj table, so translations are not checked against the "
                    + "development region\(compared) and Bundle has no copy to fall back to; add \(region).lproj or set "
                    + "developmentRegion in \(origin.configurationFileName)"
            ))
        }
    }

    /// Why a module named after the folder the repository is checked out in must be named in the configuration, and
    /// the exact line to add (docs/configuration.md, naming rule 3).
    /// - Parameters:
    ///   - module: the name the rule gave (the repository folder's name in this checkout).
    ///   - folders: the module's resource folders, relative to the repository root (`""` for the root itself).
    ///   - configurationFileName: the configuration file to add the line to (`ota-localizations.json`).
    public static func checkoutFolderAdvice(module: String, folders: [String], configurationFileName: String) -> String {
        let named = folders.filter { !$0.isEmpty }
        let place = named.isEmpty
            ? "its .lproj folders and String Catalogs sit at the repository's root"
            : "every folder from \(named.joined(separator: ", ")) up has a generic name"
        return "the module name '\(module)' is the name of the folder the repository is checked out in (\(place)), "
            + "so it changes with the checkout: CI "
            + "often checks out into 'workspace', 'src' or 'repository', and the app's OTALocalizedString.bundle(for:) "
            + "would then find no bundle. Name the module the app uses in \(configurationFileName): "
            + "{\"repositoryModule\": \"\(module)\"}"
    }

    /// Whether the development region has a source: a table of it, a `Base.lproj` table (which stands in for it:
    /// docs/apple-platform.md L13, F3), or a String Catalog in its language (which may rightly compile to no
    /// source-language table: docs/string-catalogs.md).
    private static func coversDevelopmentRegion(_ input: ValidationInput, origin: ValidationInput.Origin) -> Bool {
        input.files.contains { $0.localization == input.developmentRegion || $0.localization == LocalizationFolder.base }
            || origin.catalogSourceLanguages.contains(input.developmentRegion)
    }

    /// The `table-outside-lproj` finding of a table discovery left beside the `.lproj` folders, at `path`.
    private func tableBesideLprojFolders(_ path: String, module: String) -> ValidationDiagnostic {
        let name = (path as NSString).lastPathComponent
        return ValidationDiagnostic(
            code: .tableOutsideLproj, module: module,
            table: (name as NSString).deletingPathExtension, localization: nil, key: nil, file: path,
            line: nil, column: nil,
            message: "\(name) sits beside the module's .lproj folders; at a bundle's root it would hide every "
                + "localized copy (docs/apple-platform.md F4). Move it into <language>.lproj or delete it",
            value: path
        )
    }
}
