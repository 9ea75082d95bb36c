import Foundation
import OTALocalizations
import OTALocalizationsCore

/// The last update cycles' reports, kept across launches at the storage root
/// (``OTAStorageLayout/cycleReportsFile``) for ``OTALocalizationService/diagnostics(modules:)``.
///
/// Shape: `{"formatVersion":1,"reports":[<OTALocalizationDiagnostics.CycleEntry>,…]}`, oldest first, at most
/// ``maximumReports`` entries and ``maximumBytes`` bytes (the oldest go first; a single report larger than that keeps
/// its failed, updated and removed modules, then as many as fit). A `notModified` report is kept without its skipped
/// modules (all of them: a `304` skips every module), counted in `modulesOmitted`, and is not kept at all when it
/// repeats the newest entry less than a minute after it (``repeats(_:as:)``). Written after each cycle as a new file under a
/// trash name at the storage root, then renamed onto the record (a kill leaves the old file or the new one, and trash
/// the next cycle removes), without `fsync(2)`: a diagnostic record, like the reader lease, that a power cut may lose
/// or leave empty (then replaced), so that a `304` cycle pays no flush for it. A service reads the file once and then
/// keeps what it wrote in its ``ServiceMemory``, reading again only when another writer (a command-line tool on the same
/// root) changed it. Written after failed cycles too (the one change a failed cycle makes), never for an app
/// version that cannot name a folder. Deleted by the kill switch with everything else that is not kept. A file that
/// does not parse is replaced by the next cycle.
enum CycleReportHistory {
    /// The most reports kept: 20.
    static let maximumReports = 20
    /// The largest file written and read: 128 KiB.
    static let maximumBytes = 128 * 1024

    /// The kept entries, oldest first; none without a readable file.
    static func load(storageRoot: URL) -> [OTALocalizationDiagnostics.CycleEntry] {
        let file = storageRoot.appendingPathComponent(OTAStorageLayout.cycleReportsFileName, isDirectory: false)
        guard let data = SmallFile.read(file.path, maximumBytes: maximumBytes),
              let stored = try? JSONDecoder().decode(Stored.self, from: data), stored.formatVersion == 1
        else { return [] }
        return stored.reports
    }

    /// Appends `report` of a cycle that ended at `endedAt` and writes the file; failures are ignored (the report
    /// still reaches the report handler).
    static func append(
        _ report: OTALocalizationCycleReport, endedAt: Date, configuration: OTALocalizationServiceConfiguration,
        memory: ServiceMemory
    ) {
        let root = configuration.storageRoot
        let layout = configuration.layout
        // A configuration whose app version cannot name a folder touches nothing (its cycles fail before any step).
        guard layout.hasUsableAppVersion else { return }
        // A `304` cycle skips every module it lists: kept without them, its entry costs a few hundred bytes.
        var kept = report
        if report.manifest == .notModified { kept.modules.removeAll { $0.outcome == .skipped } }
        let entry = OTALocalizationDiagnostics.CycleEntry(
            endedAt: ManifestDate.format(Date(timeIntervalSince1970: endedAt.timeIntervalSince1970.rounded(.down))),
            appVersion: configuration.appVersion, channel: configuration.channel ?? ManifestChannel.production,
            modulesOmitted: report.modules.count - kept.modules.count, report: kept)
        let earlier = memory.cycleReports(at: layout.cycleReportsFile) { load(storageRoot: root).map(Kept.init) }
        if let last = earlier.last?.entry, repeats(last, as: entry) { return }
        let (data, entries) = encoded(earlier + [Kept(entry)])
        do {
            try DurableFiles.makeDirectory(root, layout: layout)
            DurableFiles.clearForFile(layout.cycleReportsFile, layout: layout)
            let temporary = OTAStorageLayout.newTrashURL(in: root)
            do {
                try DurableFiles.writeNewFile(data, to: temporary, flush: .none)
                try DurableFiles.rename(temporary, to: layout.cycleReportsFile)
                memory.rememberCycleReports(entries, at: layout.cycleReportsFile)
            } catch {
                DurableFiles.remove(temporary)
                throw error
            }
        } catch {}
    }

    /// The shortest time between two kept entries of one repeated `304` report: 60 seconds.
    static let repeatedNotModifiedSeconds: Int64 = 60

    /// Whether `entry` is a `304` report the same as `last` (the newest kept) less than
    /// ``repeatedNotModifiedSeconds`` after it: it tells nothing new, and is not kept.
    static func repeats(_ last: OTALocalizationDiagnostics.CycleEntry, as entry: OTALocalizationDiagnostics.CycleEntry) -> Bool {
        guard entry.report.manifest == .notModified, entry.report == last.report,
              entry.appVersion == last.appVersion, entry.channel == last.channel,
              entry.modulesOmitted == last.modulesOmitted,
              let then = ManifestDate.parseTimestamp(last.endedAt), let now = ManifestDate.parseTimestamp(entry.endedAt)
        else { return false }
        return now.secondsSince1970 >= then.secondsSince1970
            && now.secondsSince1970 - then.secondsSince1970 < repeatedNotModifiedSeconds
    }

    /// One kept entry with its JSON text, encoded once: a `304` cycle encodes its own report only.
    struct Kept: Sendable {
        var entry: OTALocalizationDiagnostics.CycleEntry
        var text: String

        init(_ entry: OTALocalizationDiagnostics.CycleEntry) {
            self.entry = entry
            self.text = entry.jsonText
        }
    }

    /// The file's bytes for the newest entries of `entries` that fit (see the type's documentation).
    static func encoded(_ entries: [OTALocalizationDiagnostics.CycleEntry]) -> Data {
        encoded(entries.map(Kept.init)).data
    }

    /// ``encoded(_:)``, with the entries the bytes hold (what reading them back gives).
    private static func encoded(_ entries: [Kept]) -> (data: Data, entries: [Kept]) {
        var kept = Array(entries.suffix(maximumReports))
        var data = whole(kept)
        while data.count > maximumBytes, kept.count > 1 {
            kept.removeFirst()
            data = whole(kept)
        }
        guard data.count > maximumBytes, var last = kept.last?.entry else { return (data, kept) }
        // One report alone is too large: its skipped modules go first, then the tail of the rest.
        var modules = last.report.modules.filter { $0.outcome != .skipped }
        let total = last.report.modules.count + last.modulesOmitted
        var trimmed = Kept(last)
        repeat {
            last.report.modules = modules
            last.modulesOmitted = total - modules.count
            trimmed = Kept(last)
            data = whole([trimmed])
            modules = Array(modules.prefix(modules.count / 2))
        } while data.count > maximumBytes && !last.report.modules.isEmpty
        return (data, [trimmed])
    }

    private static func whole(_ entries: [Kept]) -> Data {
        Data(("{\"formatVersion\":1,\"reports\":[" + entries.map(\.text).joined(separator: ",") + "]}\n").utf8)
    }

    private struct Stored: Decodable {
        var formatVersion: Int
        var reports: [OTALocalizationDiagnostics.CycleEntry]
    }
}
