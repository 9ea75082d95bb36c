/// Size and count limits a ``ZipArchive`` enforces before and while reading.
///
/// The defaults are the client's per-module limits (docs/operations.md, "Limits and deadlines"), sized with a wide
/// margin over the real apps of the test corpus: its largest table inflates to 217 KiB, its largest module to
/// 10.8 MiB in 151 entries, its largest ZIP is 1.2 MiB.
/// - Warning: These limits are the defence against ZIP bombs; raise them only for input you trust.
public struct ZipLimits: Sendable, Equatable {
    /// The most entries the central directory may list, ignored entries (`__MACOSX/`, `._*`) included. Default 10,000.
    public var maximumEntryCount: Int
    /// The most bytes all entries may inflate to together, declared and while inflating. Default 64 MiB.
    public var maximumUncompressedBytes: Int64
    /// The largest archive accepted, in bytes. Default 32 MiB.
    public var maximumArchiveBytes: Int64
    /// The most bytes one entry may declare and inflate to. Default 4 MiB, 18 times the corpus's largest table.
    ///
    /// This is the bound on memory while a table is read: a table is inflated whole, then parsed, and parsing a
    /// table of many short entries holds about 14 times its size (measured: docs/operations.md, "Limits and
    /// deadlines").
    public var maximumEntryUncompressedBytes: Int64

    /// Creates limits; each default is the value documented on its property.
    public init(
        maximumEntryCount: Int = 10_000,
        maximumUncompressedBytes: Int64 = 64 * 1024 * 1024,
        maximumArchiveBytes: Int64 = 32 * 1024 * 1024,
        maximumEntryUncompressedBytes: Int64 = 4 * 1024 * 1024
    ) {
        self.maximumEntryCount = maximumEntryCount
        self.maximumUncompressedBytes = maximumUncompressedBytes
        self.maximumArchiveBytes = maximumArchiveBytes
        self.maximumEntryUncompressedBytes = maximumEntryUncompressedBytes
    }

    /// 10,000 entries, 64 MiB uncompressed, 32 MiB archive, 4 MiB per entry.
    public static let `default` = ZipLimits()
}
