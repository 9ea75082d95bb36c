import OTALocalizationsNames

/// The one ordering of names in published files (``UTF8ByteOrder``): by the bytes of their UTF-8 encoding, which is
/// the same on every platform and in every language (Swift's `String` comparison is not byte order).
public enum ManifestSorting {
    /// Whether `a` sorts before `b` by the bytes of their UTF-8 encodings.
    public static func byteOrder(_ a: String, _ b: String) -> Bool {
        UTF8ByteOrder.precedes(a, b)
    }
}
