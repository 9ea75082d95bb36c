extension ValidationInput {
    /// What discovery found out about a module in its repository beyond its tables: the facts the checks
    /// `module-name-from-checkout-folder`, `table-outside-lproj` (for a table discovery left out) and
    /// `development-region-missing` need (docs/validation.md). The packager fills it from its discovery.
    public struct Origin: Sendable, Equatable {
        /// The module's resource folders (those holding its `.lproj` folders and String Catalogs), relative to the
        /// repository root and `/`-separated, `""` for the root itself; findings about the whole module name the
        /// first.
        public var resourceFolders: [String]
        /// Whether the module is named after the folder the repository is checked out in (docs/configuration.md,
        /// naming rule 3): every folder above its resource folders has a generic name, so the name changes with the
        /// checkout.
        public var namedAfterCheckoutFolder: Bool
        /// The tables discovery left at the root of a resource folder, beside its `.lproj` folders, as
        /// repository-relative paths (`Shop/Resources/Localizable.strings`): at a bundle's root such a table would
        /// hide every localized copy.
        public var tablesBesideLprojFolders: [String]
        /// The `sourceLanguage` of each of the module's String Catalogs: a catalog in the development region's
        /// language stands for the development region even when it compiles to no table of it
        /// (docs/string-catalogs.md).
        public var catalogSourceLanguages: [String]
        /// The configuration file the findings' advice names (where `repositoryModule` and `developmentRegion` are
        /// set), for example `ota-localizations.json`.
        public var configurationFileName: String

        public init(
            resourceFolders: [String], namedAfterCheckoutFolder: Bool, tablesBesideLprojFolders: [String] = [],
            catalogSourceLanguages: [String] = [], configurationFileName: String
        ) {
            self.resourceFolders = resourceFolders
            self.namedAfterCheckoutFolder = namedAfterCheckoutFolder
            self.tablesBesideLprojFolders = tablesBesideLprojFolders
            self.catalogSourceLanguages = catalogSourceLanguages
            self.configurationFileName = configurationFileName
        }
    }
}
