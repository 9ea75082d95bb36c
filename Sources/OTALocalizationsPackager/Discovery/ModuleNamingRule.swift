/// The default rule that names a module from the folder holding its `.lproj` folders.
///
/// 1. SwiftPM layout: when the resource folder lies under `Sources/<Target>/`, the module is `<Target>` (the last
///    `Sources` component wins), matching the bundle SwiftPM builds for that target.
/// 2. Any other layout (Xcode app and extension targets): the nearest enclosing folder whose name is not a
///    generic resource-folder name (``genericFolderNames``, compared case-insensitively) names the module, so
///    `MyApp/Resources/en.lproj` and `MyApp/Supporting Files/de.lproj` both belong to module `MyApp`.
/// 3. When every folder up to the repository root is generic, the repository folder's own name is used.
///
/// All resource folders that resolve to the same owner folder form one module.
public enum ModuleNamingRule {
    /// Folder names that describe content rather than a target.
    public static let genericFolderNames: Set<String> = [
        "resources", "resource", "supporting files", "supportingfiles", "localization", "localizations",
        "localisation", "localisations", "localizable", "strings", "translations", "i18n", "l10n",
        "languages", "input",
    ]

    /// The owner folder (relative components) and module name for a resource folder.
    ///
    /// - Parameters:
    ///   - components: The resource folder's path components relative to the repository root.
    ///   - repositoryName: The repository folder's own name, used by rule 3.
    /// - Returns: The owner's components, the module name, and the rule used (`"SPM target"` or `"folder"`).
    public static func owner(
        ofResourceFolder components: [String], repositoryName: String
    ) -> (owner: [String], name: String, rule: String) {
        if let index = components.lastIndex(of: "Sources"), index + 1 < components.count {
            return (Array(components[...(index + 1)]), components[index + 1], "SPM target")
        }
        var end = components.count
        while end > 0, genericFolderNames.contains(components[end - 1].lowercased()) {
            end -= 1
        }
        if end == 0 { return ([], repositoryName, "folder") }
        return (Array(components[..<end]), components[end - 1], "folder")
    }
}
