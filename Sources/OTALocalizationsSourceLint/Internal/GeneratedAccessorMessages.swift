/// The one-line messages of the generated-accessor rules; each ends with the fix (docs/integration.md, "Generated
/// accessors").
enum GeneratedAccessorMessages {
    static let swiftGen = "SwiftGen's tr looks every generated string up in BundleToken.bundle, the embedded bundle "
        + "over-the-air updates never reach; set params: { bundle: Bundle.localizationBundle } on its strings output in swiftgen.yml"
    static let swiftGenConfig = "this SwiftGen strings output has no bundle param set to Bundle.localizationBundle, so "
        + "its accessors read the embedded bundle over-the-air updates never reach; add params: { bundle: Bundle.localizationBundle }"
    static let rSwift = "R.swift's string accessors read the bundle fixed at generation, which over-the-air updates never "
        + "reach; use an _R(bundle: .localizationBundle) instance for strings (docs/integration.md, R.swift)"
    static let symbols = "Xcode's generated String Catalog symbols resolve in the target's embedded bundle, which "
        + "over-the-air updates never reach, and no setting points them elsewhere; turn STRING_CATALOG_GENERATE_SYMBOLS "
        + "off for this module and look its strings up with bundle: .localizationBundle"
    static let symbolsSetting = "STRING_CATALOG_GENERATE_SYMBOLS = YES makes symbols that resolve in the embedded bundle, "
        + "which over-the-air updates never reach; set it to NO for targets whose strings are updated over the air and "
        + "look them up with bundle: .localizationBundle"
    static let resource = "LocalizedStringResource without bundle: .atURL(Bundle.localizationBundle.bundleURL) resolves in "
        + "a bundle over-the-air updates never reach; pass bundle: .atURL(Bundle.localizationBundle.bundleURL)"
}
