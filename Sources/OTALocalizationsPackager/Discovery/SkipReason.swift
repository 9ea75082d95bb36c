/// The sentences used for skipped files, one per rule, so summaries and tests agree.
enum SkipReason {
    static let infoPlistStrings =
        "InfoPlist.strings is read by the system outside the app, so an over-the-air copy never takes effect"
    static let notATable = "not a text table (.strings or .stringsdict); only tables are published"
    static let insideFolderInLproj = "inside a folder within an .lproj folder; bundles read only files directly in .lproj"
    static let outsideLproj = "table outside any .lproj folder; move it into <language>.lproj to publish it"
    static let infoPlistCatalog =
        "InfoPlist.xcstrings compiles to InfoPlist.strings, which the system reads outside the app, so it is never published"
    static let notConfigured = "not in a module listed in the configuration (discoverOtherModules is false)"

    static func nestedBundle(_ bundleName: String) -> String {
        "inside the nested bundle \(bundleName), which the app does not read its strings from"
    }

    static func excluded(_ pattern: String) -> String { "excluded by the pattern \"\(pattern)\"" }
}
