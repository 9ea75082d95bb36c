/// Size and count limits a ``ZipArchive`` enforces before and while reading.
///
/// The defaults match the client's per-module limits in DESIGN.md.
/// - Warning: These limits are the defence against ZIP bombs; raise them only for input you trust.
public struct ZipLimits: Sendable, Equatable {
    /// The most entries the central directory may list, ignored entries (`__MACOSX/`, `._*`) included. Default 10,000.
    public var maximumEntryCount: Int
    /// The most bytes all entries may inflate to together, enforced while inflating. Default 128 MiB.
    public var maximumUncompressedBytes: Int64
    /// The largest archive accepted, in bytes. Default 32 MiB.
    public var maximumArchiveBytes: Int64

    /// Creates limits; each default is the value documented on its property.
    public init(
        maximumEntryCount: Int = 10_000,
        maximumUncompressedBytes: Int64 = 128 * 1024 * 1024,
        maximumArchiveBytes: Int64 = 32 * 1024 * 1024
    ) {
        self.maximumEntryCount = maximumEntryCount
        self.maximumUncompressedBytes = maximumUncompressedBytes
        self.maximumArchiveBytes = maximumArchiveBytes
    }

    /// 10,000 entries, 128 MiB uncompressed, 32 MiB archive.
    public static let `default` = ZipLimits()
}
