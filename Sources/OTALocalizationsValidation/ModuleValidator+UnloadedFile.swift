import Foundation
import OTALocalizationsCore
import OTALocalizationsNames

extension ModuleValidator {
    /// Returns the finding for a file the caller could not load into a ``ValidationInput``: a table that cannot be
    /// read or does not parse, or a String Catalog that does not compile (what `validate` reports where `package`
    /// stops).
    ///
    /// The code is `encoding` when `tableError` says so, else `parse-error`; neither can be baselined, and the message
    /// says why (``ValidationDiagnostic/Code/neverBaselinedReason``).
    /// - Parameters:
    ///   - module: the module the file belongs to.
    ///   - path: the file as findings show it (repository-relative); its folder names the localization when it is
    ///     an `.lproj` folder.
    ///   - tableError: the parser's error when the file was read but does not parse; its line and column are kept.
    ///   - message: what went wrong when there is no `tableError` (a file that cannot be read, a catalog's error).
    public static func unloadedFile(module: String, path: String, tableError: TableError?, message: String) -> ValidationDiagnostic {
        let name = (path as NSString).lastPathComponent
        let lproj = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
        return ValidationDiagnostic(
            code: tableError?.code == .encoding ? .encoding : .parseError,
            module: module,
            table: (name as NSString).deletingPathExtension,
            localization: LocalizationFolder.localization(ofFolder: lproj),
            file: path,
            line: tableError.flatMap { $0.line > 0 ? $0.line : nil },
            column: tableError.flatMap { $0.column > 0 ? $0.column : nil },
            message: (tableError?.reason ?? message) + ". " + ValidationDiagnostic.Code.neverBaselinedReason
        )
    }
}
