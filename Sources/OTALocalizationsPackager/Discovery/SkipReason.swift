/// The sentences used for skipped files, one per rule, so summaries and tests agree.
enum SkipReason {
    static let infoPlistStrings =
        "InfoPlist.strings is read by the system outside the app, so an over-the-air copy never takes effect"
    static let notATable = "not a text table (.strings or .stringsdict); only tables are published"
    static let insideFolderInLproj = "inside a folder within an .lproj folder; bundles read only files directly in .lproj"
    static let outsideLproj = "outside any .lproj folder: not a localized table, so it is not published"
    static let infoPlistCatalog =
        "InfoPlist.xcstrings compiles to InfoPlist.strings, which the system reads outside the app, so it is never published"
    static let notConfigured = "not in a module listed in the configuration (discoverOtherModules is false)"
    static let appShortcuts =
        "App Shortcut phrases, which the system reads from the app's own bundle when it registers the shortcuts, so an over-the-air copy never takes effect"
    static let interfaceBuilderKeys =
        "a storyboard or XIB table (its keys are Interface Builder object IDs such as 2pk-oe-F9k.text), which the nib loader reads from the bundle holding the storyboard, so an over-the-air copy never takes effect"
    static let intentKeys =
        "an intent definition's table (its .strings keys are intent definition IDs such as 0jWfGg), which Siri and the Shortcuts app read from the app's own bundle, so an over-the-air copy never takes effect"
    static let noKeys = "no file of this table has a key in any localization: there is nothing to publish"

    /// A table paired with an Interface Builder file of its folder (`Main.storyboard`).
    static func interfaceBuilder(_ fileName: String) -> String {
        "the table of \(fileName), which the nib loader reads from the bundle holding \(fileName), so an over-the-air copy never takes effect"
    }

    /// A table paired with an intent definition of its folder (`Intents.intentdefinition`).
    static func intentDefinition(_ fileName: String) -> String {
        "the table of \(fileName), which Siri and the Shortcuts app read from the app's own bundle, so an over-the-air copy never takes effect"
    }

    /// A `.lproj` table of the same name as a String Catalog of the module.
    static func supersededByCatalog(_ catalogPath: String) -> String {
        "\(catalogPath) defines this table; Xcode refuses a target holding both (\"cannot co-exist\"), so the catalog is published. If the app ships this .lproj copy instead, exclude the catalog"
    }

    static func nestedBundle(_ bundleName: String) -> String {
        "inside the nested bundle \(bundleName), which the app does not read its strings from"
    }

    static func excluded(_ pattern: String) -> String { "excluded by the pattern \"\(pattern)\"" }

    /// A table of a private-use language (``ModuleDiscovery/isPrivateUse(localization:)``).
    static func privateUse(_ localization: String) -> String {
        let what = localization.lowercased() == "qqq"
            ? "message documentation for translators (translatewiki.net's qqq), not a language"
            : "a private-use language code"
        return "\(localization) is \(what): qaa–qtz are reserved for local use (ISO 639-2; BCP 47, RFC 5646 section 2.2.1), so no device language is ever \(localization) and no bundle reads it"
    }
}
