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
        var slice: PublishedFile
    }

    /// Base first, then the localization slices in byte order of their names.
    var parts: [Part]
    /// What the installed folder records (``SliceRecord``).
    var record: SliceRecord

    /// The installed folder's name: the SHA-256 of the record's bytes.
    var folderHash: String { SHA256Digest.hexString(record.encoded()) }

    /// What a device installs for `module`.
    enum Choice: Sendable, Equatable {
        /// The full ZIP (a module without slices, or ``OTALocalizationSelection/everyLocalization``).
        case full(PublishedFile)
        /// Base and these slices.
        case sliced(SlicePlan)
        /// The entry does not hold the slice of a localization `selection` now chooses (the device's languages changed
        /// since the publish was read from the index): the publish must be read again.
        case incomplete(missing: [String])

        /// The name of the folder this choice installs: the full ZIP's SHA-256 or the plan's record's; nil when
        /// incomplete.
        var folderHash: String? {
            switch self {
            case .full(let zip): zip.sha256
            case .sliced(let plan): plan.folderHash
            case .incomplete: nil
            }
        }

        /// Whether it installs base and slices.
        var isSliced: Bool {
            if case .sliced = self { return true }
            return false
        }
    }

    /// The choice for `module` on a device whose languages choose through `choices`.
    static func choice(for module: DeviceModule, developmentRegion: String, choices: LocalizationChoices) -> Choice {
        let base: PublishedFile, slices: [String: PublishedFile]
        switch module.content {
        case .full(let zip): return .full(zip)
        case .sliced(let baseSlice, let named): (base, slices) = (baseSlice, named)
        }
        let available = Self.available(module.localizations)
        let chosen = choices.localizations(from: available).filter { $0 != developmentRegion }
        let missing = chosen.filter { slices[$0] == nil }
        guard missing.isEmpty else { return .incomplete(missing: missing) }
        var named: [String: String] = [:]
        for name in chosen { named[name] = slices[name]!.sha256 }
        let record = SliceRecord(developmentRegion: developmentRegion, available: available, baseSHA256: base.sha256, localizations: named)
        let parts = [Part(localization: nil, slice: base)] + record.installed.dropFirst().map { Part(localization: $0, slice: slices[$0]!) }
        return .sliced(SlicePlan(parts: parts, record: record))
    }

    /// A module's localizations as the record lists them: without `Base`, each once, in byte order, so that the same
    /// content always gives the same record and folder name.
    static func available(_ localizations: [String]) -> [String] {
        UTF8ByteOrder.sorted(Array(Set(localizations.filter { $0 != LocalizationFolder.base })))
    }

    /// Whether a slice may hold the ZIP path `path`: base (`localization` nil) holds `Info.plist`,
    /// `<development region>.lproj/` and `Base.lproj/`; a localization slice holds its `.lproj/` alone.
    static func belongs(_ path: String, toSlice localization: String?, developmentRegion: String) -> Bool {
        let path = BundlePath(path)
        if let localization { return path.localization == localization }
        return path.isInfoPlist || path.localization == developmentRegion || path.localization == LocalizationFolder.base
    }
}
