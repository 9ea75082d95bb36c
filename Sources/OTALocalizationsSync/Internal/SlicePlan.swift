import Foundation
import OTALocalizationsNames
import OTALocalizations
import OTALocalizationsCore

/// The slices one device installs for a module (docs/design.md, "Slices"): base, plus the slice of each localization
/// the device's language choice searches (``OTALocalizationSelection/localizations(from:)``: the chosen one and its
/// parents the module has), the development region being in base.
struct SlicePlan: Sendable, Equatable {
    struct Part: Sendable, Equatable {
        /// nil for the base slice.
        var localization: String?
        var slice: ManifestSlice
    }

    /// Base first, then the localization slices in byte order of their names.
    var parts: [Part]
    /// What the installed folder records (``SliceRecord``).
    var record: SliceRecord

    /// The installed folder's name: the SHA-256 of the record's bytes.
    var folderHash: String { CoreFormats.sha256Hex(record.encoded()) }

    /// The plan for `module` on this device, or nil when the manifest has no slices for it or the selection is
    /// ``OTALocalizationSelection/everyLocalization`` (the full ZIP is used).
    init?(_ module: ManifestModule, developmentRegion: String, selection: OTALocalizationSelection) {
        guard let slices = module.slices, !selection.isEveryLocalization else { return nil }
        // Sorted and without repeats, so that the same content always gives the same record and folder name.
        let available = Array(Set(module.localizations.filter { $0 != "Base" }))
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let chosen = selection.localizations(from: available).filter { slices.localizations[$0] != nil }
        var named: [String: String] = [:]
        for name in chosen { named[name] = slices.localizations[name]!.sha256 }
        record = SliceRecord(
            developmentRegion: developmentRegion, available: available, baseSHA256: slices.base.sha256, localizations: named)
        parts = [Part(localization: nil, slice: slices.base)]
            + record.installed.dropFirst().map { Part(localization: $0, slice: slices.localizations[$0]!) }
    }

    /// The ZIP paths a part may hold: base holds `Info.plist`, `<development region>.lproj/` and `Base.lproj/`;
    /// a localization slice holds its `.lproj/` alone.
    func belongs(_ path: String, to part: Part) -> Bool {
        let path = BundlePath(path)
        if let localization = part.localization { return path.localization == localization }
        return path.isInfoPlist || path.localization == record.developmentRegion || path.localization == LocalizationFolder.base
    }
}
