import Foundation
import OTALocalizationsCore
import OTALocalizationsNames

/// What the installer keeps of a module's ZIP and how it checks each kept entry: the rules `ota-localizations
/// verify` applies too, so that it passes exactly the ZIPs a device installs.
package enum BundleArchiveRules {
    /// The entries to install, `Info.plist` first: `Info.plist` (required when `requireInfoPlist`) and every
    /// `<name>.lproj/<table>.strings|.stringsdict`. Other entries are ignored and never inflated.
    static func bundleEntries(of archive: ZipArchive, requireInfoPlist: Bool = true) throws(CycleFailure) -> [ZipEntry] {
        var kept: [ZipEntry] = []
        var infoPlist: ZipEntry?
        for entry in archive.entries where !entry.isDirectory {
            let path = BundlePath(entry.path)
            if path.isInfoPlist {
                infoPlist = entry
            } else if path.tableKind != nil {
                guard !entry.path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                    throw CycleFailure(.archive, "archive rejected: \(entry.path.debugDescription) has a control character in its name")
                }
                kept.append(entry)
            }
        }
        guard let infoPlist else {
            guard !requireInfoPlist else { throw CycleFailure(.content, "ZIP has no Info.plist at its root") }
            return kept
        }
        return [infoPlist] + kept
    }

    /// One kept entry's bytes as they are installed: a table that parses, or the canonical `Info.plist`.
    static func checkedContents(of entry: ZipEntry, in archive: ZipArchive, developmentRegion: String) throws(CycleFailure) -> Data {
        let data = try ModuleArchive.contents(of: entry, in: archive)
        guard entry.path == BundlePath.infoPlist else {
            try ModuleArchive.validateTable(data, path: entry.path)
            return data
        }
        // The project's own reader: Foundation's leaks memory on malformed input (docs/apple-platform.md X8).
        let declared: String?
        do {
            declared = try BundleInfoPlist.developmentRegion(in: data)
        } catch {
            throw CycleFailure(.content, "Info.plist is not a property-list dictionary")
        }
        guard let declared else { throw CycleFailure(.content, "Info.plist has no string CFBundleDevelopmentRegion") }
        guard declared == developmentRegion else {
            throw CycleFailure(.content, "Info.plist declares CFBundleDevelopmentRegion \"\(declared)\", not the manifest's developmentRegion \"\(developmentRegion)\"")
        }
        return BundleInfoPlist.bytes(developmentRegion: developmentRegion)
    }

    /// Checks a downloaded ZIP or slice as the installer does, without writing anything: its directory under
    /// `limits`, the entries it keeps (a slice's must belong to it: ``SlicePlan/belongs(_:toSlice:developmentRegion:)``;
    /// `Info.plist` in the full ZIP and the base slice), each inflated and checked (tables parse, `Info.plist` declares
    /// `developmentRegion`); a localization slice must hold a table of its own.
    ///
    /// - Parameter slice: nil for the full ZIP, `""` for the base slice, else the localization.
    /// - Throws: ``CycleFailure`` with the report code and sentence a device would give.
    package static func check(
        _ data: Data, slice: String?, developmentRegion: String, limits: ZipLimits
    ) throws(CycleFailure) {
        let archive = try ModuleArchive.open(data, limits: limits)
        let localization = slice.flatMap { $0.isEmpty ? nil : $0 }
        let entries = try bundleEntries(of: archive, requireInfoPlist: localization == nil)
        for entry in entries {
            if slice != nil, !SlicePlan.belongs(entry.path, toSlice: localization, developmentRegion: developmentRegion) {
                throw CycleFailure(.content, "holds \(entry.path), which belongs to another slice")
            }
            _ = try checkedContents(of: entry, in: archive, developmentRegion: developmentRegion)
        }
        if let localization, !entries.contains(where: { $0.path != BundlePath.infoPlist }) {
            throw CycleFailure(.content, "holds no \(localization).lproj table")
        }
    }
}
