import OTALocalizationsCore
import OTALocalizationsPublishing

extension StringCatalog {
    /// The development value of one plain-string entry in the catalog's source language.
    public struct SourceValue: Sendable, Equatable {
        public var key: String
        /// The text, with named arguments compiled away (`%(count)lld` is `%lld`) as in the compiled tables.
        public var value: String
        /// 1-based line of the value in the catalog (of the key, for an entry without a source localization).
        public var line: Int
    }

    /// The source-language text of every entry that is a plain string there (no plural, device or substitution):
    /// its source localization's value, whatever its `state`, or the key itself for an entry with no source
    /// localization.
    ///
    /// It is what the app shows in the source language, and so what translations are formatted like, even where
    /// the compiled source table leaves the entry out: Xcode drops a source string in state `new` unless it is
    /// `manual` (docs/string-catalogs.md), which is the state of a value extracted from code (`extracted_with_value`),
    /// and a lookup of a key its table lacks returns the code's value, or the key when there is none.
    public var sourceValues: [SourceValue] {
        let source = ScalarKey(sourceLanguage)
        return entries.compactMap { entry in
            guard let localization = entry.localizations.first(where: { ScalarKey($0.language) == source }) else {
                return SourceValue(key: entry.key, value: entry.key, line: entry.location.line)
            }
            let node = localization.node
            guard node.variations == nil, node.substitutions.isEmpty, let value = node.stringUnit?.value else { return nil }
            let line = node.stringUnit?.valueLocation?.line ?? node.location.line
            return SourceValue(key: entry.key, value: CatalogFormat.removingNames(value), line: line)
        }
    }
}
