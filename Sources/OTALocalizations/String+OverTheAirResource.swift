import Foundation

#if canImport(Darwin)
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
extension String {
    /// Resolves `resource` in the over-the-air bundle of `moduleName`, or as the resource says when the module has
    /// none loaded (``OTALocalizedString/bundle(for:)`` is nil): the fix for Xcode's generated String Catalog symbols
    /// (`String(localized: .greeting, overTheAirFor: "Checkout")`), whose bundle is always the embedded one
    /// (docs/integration.md, "Xcode's String Catalog symbols"). The key, table, default value and locale are kept.
    public init(localized resource: LocalizedStringResource, overTheAirFor moduleName: String) {
        var routed = resource
        if let bundle = OTALocalizedString.bundle(for: moduleName) { routed.bundle = .atURL(bundle.bundleURL) }
        self.init(localized: routed)
    }
}
#endif
