import Foundation
import OTALocalizations
import OTALocalizationsNames

/// The languages an app prefetched for a change of language (``OTAStorageLayout/prefetchedLanguagesFile``), written by
/// ``OTALocalizationService/prefetch(localizations:)``: one line, the time of the prefetch in whole seconds since
/// 1970, then each language, separated by one space, and a line feed (`1796601600 fr de\n`). Written new under a trash
/// name and renamed into place; deleted by the kill switch and by the cycle that finds it adds nothing.
///
/// Every cycle's selection includes these languages while the record lives (docs/integration.md, "A Change-language
/// screen"), so that no cycle drops their slices before the user switches; it lives ``lifetimeSeconds`` at most.
struct PrefetchedLanguages: Sendable, Equatable {
    /// Seven days: a user who opened the Change-language screen and kept their language stops paying for the slices.
    static let lifetimeSeconds: Int64 = 7 * 24 * 3600
    /// The most languages a record holds (the newest are kept).
    static let maximumLanguages = 16
    /// The largest record read, in bytes.
    static let maximumBytes = 2048

    var languages: [String]
    /// When the languages were prefetched, in whole seconds since 1970.
    var since: Int64

    /// Whether the record is still in force at `now`: within ``lifetimeSeconds`` of its time, either way (a clock set
    /// back does not make it live for ever).
    func isInForce(at now: Date) -> Bool {
        // A recorded time far from now (a planted record) must not overflow the difference: it is simply not in force.
        let (age, overflow) = Int64(now.timeIntervalSince1970.rounded(.down)).subtractingReportingOverflow(since)
        return !languages.isEmpty && !overflow && age.magnitude <= UInt64(Self.lifetimeSeconds)
    }

    /// The languages of `languages` that are language identifiers (``LanguageIdentifier``), each once at the place of
    /// its last mention, at most ``maximumLanguages`` (the last ones: the newest).
    static func valid(_ languages: [String]) -> [String] {
        var kept: [String] = []
        for language in languages.reversed() where LanguageIdentifier.isValid(language) && !kept.contains(language) {
            kept.append(language)
        }
        return Array(kept.prefix(maximumLanguages).reversed())
    }

    /// The record under `storageRoot`; nil when there is none or it is not in this format.
    static func load(storageRoot: URL) -> PrefetchedLanguages? {
        let file = storageRoot.appendingPathComponent(OTAStorageLayout.prefetchedLanguagesFileName, isDirectory: false)
        guard let data = SmallFile.read(file.path, maximumBytes: maximumBytes), data.last == 0x0A else { return nil }
        let fields = String(decoding: data.dropLast(), as: UTF8.self).split(separator: " ", omittingEmptySubsequences: false)
        guard let first = fields.first, let since = Int64(first), fields.count > 1 else { return nil }
        let languages = fields.dropFirst().map(String.init)
        guard valid(languages) == languages else { return nil }
        return PrefetchedLanguages(languages: languages, since: since)
    }

    /// The record's bytes.
    var encoded: Data { Data(([String(since)] + languages).joined(separator: " ").appending("\n").utf8) }

    /// Writes this record under `layout`'s storage root.
    func save(_ layout: OTAStorageLayout) throws(CycleFailure) {
        try DurableFiles.makeDirectory(layout.storageRoot, layout: layout)
        DurableFiles.clearForFile(layout.prefetchedLanguagesFile, layout: layout)
        let temporary = OTAStorageLayout.newTrashURL(in: layout.storageRoot)
        do {
            try DurableFiles.writeNewFile(encoded, to: temporary)
            try DurableFiles.rename(temporary, to: layout.prefetchedLanguagesFile)
        } catch {
            DurableFiles.remove(temporary)
            throw error
        }
    }

    /// Removes the record under `layout`'s storage root.
    static func remove(_ layout: OTAStorageLayout) {
        guard DurableFiles.exists(layout.prefetchedLanguagesFile) else { return }
        DurableFiles.remove(layout.prefetchedLanguagesFile)
        DurableFiles.syncDirectory(layout.storageRoot)
    }
}
