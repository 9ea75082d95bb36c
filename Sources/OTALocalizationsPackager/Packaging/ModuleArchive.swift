import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing
import OTALocalizationsNames

/// One module packed as a reproducible ZIP, with its hash and published file name.
public struct ModuleArchive: Sendable {
    public var module: LoadedModule
    /// The ZIP's bytes: `Info.plist` and `<localization>.lproj/<table>` entries.
    public var bytes: Data
    /// SHA-256 of ``bytes``, 64 lowercase hex digits.
    public var sha256: String
    /// The module's slices, base first (docs/design.md, "Slices").
    public var slices: [SliceArchive]

    /// `<Module>-<first 16 hex digits of the SHA-256>.zip`, the published file name (docs/design.md, "Published
    /// layout").
    public var fileName: String { "\(module.module.name)-\(sha256.prefix(16)).zip" }

    /// The longest module name the packager publishes, in UTF-8 bytes: ``fileName`` adds 21 bytes, and a file name
    /// has at most 255.
    static let maximumModuleNameBytes = 200

    /// Whether the packager publishes a module named `name`: a plain file name (the manifest's rule,
    /// ``ManifestModule/isPlainFileName(_:)``) without control characters, of at most ``maximumModuleNameBytes``.
    static func isPublishableModuleName(_ name: String) -> Bool {
        ManifestModule.isPlainFileName(name) && name.utf8.count <= maximumModuleNameBytes
            && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// Packs a loaded module: the generated `Info.plist` and every table at its bundle path.
    ///
    /// Reproducible: entries are sorted and written with fixed timestamps and permissions by ``ZipWriter``.
    /// - Throws: errors from ``ZipWriter/archive(_:)``.
    public init(module: LoadedModule, developmentRegion: String) throws {
        try self.init(
            module: module, compressed: Self.entries(of: module, developmentRegion: developmentRegion).map(ZipWriter.compress),
            developmentRegion: developmentRegion)
    }

    /// Packs a loaded module and its slices from its ``entries(of:developmentRegion:)`` already compressed.
    init(module: LoadedModule, compressed: [ZipWriter.CompressedEntry], developmentRegion: String) throws {
        self.module = module
        self.bytes = try ZipWriter.archive(compressed: compressed)
        self.sha256 = SHA256Digest.hexString(bytes)
        self.slices = try SliceArchive.slices(of: compressed, developmentRegion: developmentRegion)
    }

    /// The module's manifest entry: the full ZIP and its slices.
    public var manifestModule: ManifestModule {
        let name = module.module.name
        let base = slices[0].manifestSlice(module: name)
        let named = slices.dropFirst().map { ($0.localization!, $0.manifestSlice(module: name)) }
        return ManifestModule(
            name: name, path: fileName, sha256: sha256, size: Int64(bytes.count), localizations: module.localizations,
            slices: ManifestSlices(base: base, localizations: Dictionary(uniqueKeysWithValues: named)))
    }

    /// Every file this module publishes: the full ZIP, then its slices, as (file name, bytes).
    var publishedFiles: [(name: String, bytes: Data)] {
        [(fileName, bytes)] + slices.map { ($0.fileName(module: module.module.name), $0.bytes) }
    }

    /// The files of a module's ZIP: the generated `Info.plist`, then every table at its bundle path.
    static func entries(of module: LoadedModule, developmentRegion: String) -> [ZipWriter.Entry] {
        var entries = [ZipWriter.Entry(path: BundlePath.infoPlist, data: BundleInfoPlist.bytes(developmentRegion: developmentRegion))]
        for table in module.tables {
            entries.append(ZipWriter.Entry(path: table.bundlePath, data: table.bytes))
        }
        return entries
    }

    /// Assembles and hashes each module's ZIP from its compressed entries (``BackgroundCompression``), every
    /// module on any core. Results are in `modules` order.
    static func pack(
        _ modules: [LoadedModule], compressed: [[ZipWriter.CompressedEntry]], developmentRegion: String
    ) throws -> [ModuleArchive] {
        try ParallelMap.map(Array(zip(modules, compressed))) { module, entries in
            try ModuleArchive(module: module, compressed: entries, developmentRegion: developmentRegion)
        }
    }
}
