/// A string catalog's `strings` member, reduced to what compilation needs, with positions for diagnostics.
struct CatalogEntry: Sendable {
    var key: String
    /// `extractionState` (`manual`, `extracted_with_value`, `stale`, `migrated`, …), nil when absent.
    var extractionState: String?
    /// `shouldTranslate`; absent means true. Xcode still compiles `false` entries (docs/string-catalogs.md, "Which keys
    /// are emitted").
    var shouldTranslate: Bool
    /// Localizations in file order.
    var localizations: [CatalogLocalization]
    /// Location of the key in the catalog.
    var location: CatalogLocation
}

/// One language of one entry.
struct CatalogLocalization: Sendable {
    var language: String
    var node: CatalogNode
}

/// A value in a catalog: a string unit, variations, substitutions, or a mix.
struct CatalogNode: Sendable {
    var stringUnit: CatalogStringUnit?
    var variations: CatalogVariations?
    var substitutions: [CatalogSubstitution]
    var location: CatalogLocation
}

/// `{"state": …, "value": …}`.
struct CatalogStringUnit: Sendable {
    /// `translated`, `needs_review`, `new`, `stale`, … (kept as written).
    var state: String?
    var value: String?
    /// Where `value`'s string is written, for diagnostics about it.
    var valueLocation: CatalogLocation?
}

/// One case of a variation (`one`, `other`, `iphone`, …) in file order.
struct CatalogCase: Sendable {
    var name: String
    var node: CatalogNode
}

/// The one kind of variation a node has.
enum CatalogVariations: Sendable {
    case plural([CatalogCase])
    case device([CatalogCase])
}

/// A named substitution (`%#@name@`) of a localization.
struct CatalogSubstitution: Sendable {
    var name: String
    var argumentNumber: Int?
    var formatSpecifier: String?
    var node: CatalogNode
}

/// Where a value is: its JSON Pointer and its line and column in the catalog.
struct CatalogLocation: Sendable {
    var jsonPath: String
    var line: Int
    var column: Int
}
