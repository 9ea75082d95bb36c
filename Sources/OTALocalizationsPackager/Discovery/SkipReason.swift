import OTALocalizationsNames

/// Why discovery or loading left a file out: a stable ``code`` to compare or group by, and a ``sentence`` to show.
///
/// One constant or function per rule, so summaries, JSON output and tests agree. Codes grow over time (like the
/// other codes of this package); treat an unknown one as "skipped".
public struct SkipReason: Sendable, Hashable {
    /// A stable identifier of the rule that skipped a file (`outside-lproj`, `info-plist`, ...).
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// `InfoPlist.strings` or `InfoPlist.xcstrings`: the system reads it outside the app.
        public static let infoPlist = Code(rawValue: "info-plist")
        /// App Shortcut phrases (`AppShortcuts.strings`, `AppShortcuts.xcstrings`): the system reads them.
        public static let appShortcuts = Code(rawValue: "app-shortcuts")
        /// A storyboard or XIB table: paired with an Interface Builder file, or keyed by object IDs.
        public static let interfaceBuilder = Code(rawValue: "interface-builder")
        /// An intent definition's table: paired with an `.intentdefinition` file, or keyed by intent IDs.
        public static let intentDefinition = Code(rawValue: "intent-definition")
        /// A file in an `.lproj` folder that is not a `.strings` or `.stringsdict` table.
        public static let notATable = Code(rawValue: "not-a-table")
        /// A table whose suffix is `.strings` or `.stringsdict` in another letter case (`Localizable.STRINGS`).
        public static let tableSuffixCase = Code(rawValue: "table-suffix-case")
        /// A file inside a folder within an `.lproj` folder.
        public static let insideFolderInLproj = Code(rawValue: "inside-folder-in-lproj")
        /// A table outside any `.lproj` folder.
        public static let outsideLproj = Code(rawValue: "outside-lproj")
        /// A table of no configured module while `discoverOtherModules` is false.
        public static let notConfigured = Code(rawValue: "not-configured")
        /// A table none of whose files has a key.
        public static let noKeys = Code(rawValue: "no-keys")
        /// An `.lproj` table a String Catalog of the same name defines.
        public static let supersededByCatalog = Code(rawValue: "superseded-by-catalog")
        /// A file inside a nested `.bundle`.
        public static let nestedBundle = Code(rawValue: "nested-bundle")
        /// A file matched by an `excludes` pattern of the configuration.
        public static let excluded = Code(rawValue: "excluded")
        /// A table of a private-use language (`qaa`–`qtz`, `qqq`).
        public static let privateUseLanguage = Code(rawValue: "private-use-language")
        /// An entry `lstat(2)` cannot read.
        public static let unreadable = Code(rawValue: "unreadable")
        /// A symbolic link that is dangling, points to something other than a regular file, or leaves the repository.
        public static let symbolicLink = Code(rawValue: "symbolic-link")
        /// A FIFO, socket or device.
        public static let notARegularFile = Code(rawValue: "not-a-regular-file")
    }

    /// The rule.
    public var code: Code
    /// The reason in one sentence, without a final period.
    public var sentence: String

    public init(code: Code, sentence: String) {
        self.code = code
        self.sentence = sentence
    }

    static let infoPlistStrings = SkipReason(
        code: .infoPlist,
        sentence: "InfoPlist.strings is read by the system outside the app, so an over-the-air copy never takes effect"
    )
    static let notATable = SkipReason(
        code: .notATable,
        sentence: "not a text table (.strings or .stringsdict); only tables are published"
    )
    /// A table named `<table>.STRINGS` or the like: the client installs only the exact suffixes, so publishing it would
    /// ship a table no device installs (and a slice of that localization with no table, which the client refuses).
    static func tableSuffixCase(_ fileName: String) -> SkipReason {
        let kind = TableKind(anyCaseFileName: fileName) ?? .strings
        let renamed = String(fileName.dropLast(kind.suffix.count)) + kind.suffix
        return SkipReason(code: .tableSuffixCase, sentence: "the suffix is not \(kind.suffix) in lower case, and devices install only tables named exactly <table>\(kind.suffix); rename it to \(renamed)")
    }
    static let insideFolderInLproj = SkipReason(
        code: .insideFolderInLproj,
        sentence: "inside a folder within an .lproj folder; bundles read only files directly in .lproj"
    )
    static let outsideLproj = SkipReason(
        code: .outsideLproj,
        sentence: "outside any .lproj folder: not a localized table, so it is not published"
    )
    static let infoPlistCatalog = SkipReason(
        code: .infoPlist,
        sentence: "InfoPlist.xcstrings compiles to InfoPlist.strings, which the system reads outside the app, so it is never published"
    )
    static let notConfigured = SkipReason(
        code: .notConfigured,
        sentence: "not in a module listed in the configuration (discoverOtherModules is false)"
    )
    static let appShortcuts = SkipReason(
        code: .appShortcuts,
        sentence: "App Shortcut phrases, which the system reads from the app's own bundle when it registers the shortcuts, so an over-the-air copy never takes effect"
    )
    static let interfaceBuilderKeys = SkipReason(
        code: .interfaceBuilder,
        sentence: "a storyboard or XIB table (its keys are Interface Builder object IDs such as 2pk-oe-F9k.text), which the nib loader reads from the bundle holding the storyboard, so an over-the-air copy never takes effect"
    )
    static let intentKeys = SkipReason(
        code: .intentDefinition,
        sentence: "an intent definition's table (its .strings keys are intent definition IDs such as 0jWfGg), which Siri and the Shortcuts app read from the app's own bundle, so an over-the-air copy never takes effect"
    )
    static let noKeys = SkipReason(
        code: .noKeys,
        sentence: "no file of this table has a key in any localization: there is nothing to publish"
    )

    /// A table paired with an Interface Builder file of its folder (`Main.storyboard`).
    static func interfaceBuilder(_ fileName: String) -> SkipReason {
        SkipReason(code: .interfaceBuilder, sentence: "the table of \(fileName), which the nib loader reads from the bundle holding \(fileName), so an over-the-air copy never takes effect")
    }

    /// A table paired with an intent definition of its folder (`Intents.intentdefinition`).
    static func intentDefinition(_ fileName: String) -> SkipReason {
        SkipReason(code: .intentDefinition, sentence: "the table of \(fileName), which Siri and the Shortcuts app read from the app's own bundle, so an over-the-air copy never takes effect")
    }

    /// A `.lproj` table of the same name as a String Catalog of the module.
    static func supersededByCatalog(_ catalogPath: String) -> SkipReason {
        SkipReason(code: .supersededByCatalog, sentence: "\(catalogPath) defines this table; Xcode refuses a target holding both (\"cannot co-exist\"), so the catalog is published. If the app ships this .lproj copy instead, exclude the catalog")
    }

    static func nestedBundle(_ bundleName: String) -> SkipReason {
        SkipReason(code: .nestedBundle, sentence: "inside the nested bundle \(bundleName), which the app does not read its strings from")
    }

    static func excluded(_ pattern: String) -> SkipReason {
        SkipReason(code: .excluded, sentence: "excluded by the pattern \"\(pattern)\"")
    }

    /// A table of a private-use language (``ModuleDiscovery/isPrivateUse(localization:)``).
    static func privateUse(_ localization: String) -> SkipReason {
        let what = localization.lowercased() == "qqq"
            ? "message documentation for translators (translatewiki.net's qqq), not a language"
            : "a private-use language code"
        return SkipReason(code: .privateUseLanguage, sentence: "\(localization) is \(what): qaa–qtz are reserved for local use (ISO 639-2; BCP 47, RFC 5646 section 2.2.1), so no device language is ever \(localization) and no bundle reads it")
    }
}
