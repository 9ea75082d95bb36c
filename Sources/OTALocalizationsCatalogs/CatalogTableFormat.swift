/// The property-list encoding of compiled catalog tables.
///
/// Apple's runtime reads both (docs/apple-platform.md E1, E4; `CFPropertyListCreateWithData`), so lookups are the same
/// either way.
public enum CatalogTableFormat: String, Sendable, CaseIterable {
    /// XML, byte-identical to `xcstringstool compile --serialization-format text`, which Xcode's build step writes
    /// (docs/string-catalogs.md, "Output format"). The default: readable in diffs.
    case xml
    /// Binary (`bplist00`), the encoding the iOS build's CopyStringsFile step leaves in the app bundle
    /// (`STRINGS_FILE_OUTPUT_ENCODING = binary`; docs/string-catalogs.md, "Output format": observed in Longhorn's
    /// `.app`).
    case binary
}
