import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing
import OTALocalizationsNames

/// One slice of a module's bundle packed as its own reproducible ZIP (docs/design.md, "Slices"): the base slice
/// (`Info.plist`, the development region's `.lproj`, `Base.lproj`) or one other localization's `.lproj`.
public struct SliceArchive: Sendable {
    /// The localization this slice holds, or nil for the base slice.
    public var localization: String?
    /// The slice ZIP's bytes, written with the same rules as the module's full ZIP.
    public var bytes: Data
    /// SHA-256 of ``bytes``, 64 lowercase hex digits.
    public var sha256: String

    /// `<Module>-base-<16 hex>.zip` or `<Module>-<localization>-<16 hex>.zip`; `<Module>-<16 hex>.zip` when that
    /// would be longer than a file name can be (255 bytes).
    public func fileName(module: String) -> String {
        let short = "\(module)-\(sha256.prefix(16)).zip"
        let named = "\(module)-\(localization ?? "base")-\(sha256.prefix(16)).zip"
        return named.utf8.count <= 255 ? named : short
    }

    /// The manifest's description of this slice.
    public func manifestSlice(module: String) -> PublishedFile {
        PublishedFile(path: fileName(module: module), sha256: sha256, size: Int64(bytes.count))
    }

    /// The slices of a module's compressed entries (full-ZIP order): base first, then one per other localization in
    /// byte order of its name. Entries are reused as compressed, so slicing costs only the ZIP assembly and hashing.
    ///
    /// - Throws: ``ArchiveError`` from ``ZipWriter/archive(compressed:)``.
    static func slices(
        of entries: [ZipWriter.CompressedEntry], developmentRegion: String
    ) throws(ArchiveError) -> [SliceArchive] {
        var base: [ZipWriter.CompressedEntry] = []
        var byLocalization: [String: [ZipWriter.CompressedEntry]] = [:]
        for entry in entries {
            if let localization = BundlePath(entry.path).localization, localization != developmentRegion,
               localization != LocalizationFolder.base {
                byLocalization[localization, default: []].append(entry)
            } else {
                base.append(entry)
            }
        }
        var slices = [try slice(nil, base)]
        for name in UTF8ByteOrder.sorted(Array(byLocalization.keys)) {
            slices.append(try slice(name, byLocalization[name]!))
        }
        return slices
    }

    private static func slice(_ localization: String?, _ entries: [ZipWriter.CompressedEntry]) throws(ArchiveError) -> SliceArchive {
        let bytes = try ZipWriter.archive(compressed: entries)
        return SliceArchive(localization: localization, bytes: bytes, sha256: SHA256Digest.hexString(bytes))
    }
}
