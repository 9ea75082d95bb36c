/// The property-list encoding of compiled catalog tables.
///
/// Apple's runtime reads both (APPLE-BUNDLE.md; `CFPropertyListCreateWithData`), so lookups are the same either way.
public enum CatalogTableFormat: String, Sendable, CaseIterable {
    /// XML, byte-identical to `xcstringstool compile --serialization-format text`, which Xcode's build step writes
    /// (XCSTRINGS-NOTES.md §2.2). The default: readable in diffs.
    case xml
    /// Binary (`bplist00`), the encoding the iOS build's CopyStringsFile step leaves in the app bundle
    /// (`STRINGS_FILE_OUTPUT_ENCODING = binary`; XCSTRINGS-NOTES.md §2.2, observed in Longhorn's `.app`).
    case binary
}
