import Dispatch
import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing

/// Compresses the ZIP entries of every module on a background queue, so deflate runs while the caller validates.
///
/// Deflate is most of packaging's CPU time and needs only the tables' bytes, so it can start as soon as they are
/// read; cores that validation leaves idle (its serial steps, the last file of a parallel step) compress instead.
/// If validation then fails, the work is discarded and nothing is written.
///
/// Thread safety: created and waited on by one caller; the background work touches only its own result slot.
final class BackgroundCompression: @unchecked Sendable {
    private let group = DispatchGroup()
    private let lock = NSLock()
    private var result: Result<[[ZipWriter.CompressedEntry]], any Error>?

    /// Starts compressing ``ModuleArchive/entries(of:developmentRegion:)`` of each module, every entry on any core.
    init(_ modules: [LoadedModule], developmentRegion: String) {
        let perModule = modules.map { ModuleArchive.entries(of: $0, developmentRegion: developmentRegion) }
        DispatchQueue.global(qos: .userInitiated).async(group: group) { [self] in
            let outcome = Result {
                let compressed = try ParallelMap.map(perModule.flatMap { $0 }, ZipWriter.compress)
                var groups: [[ZipWriter.CompressedEntry]] = []
                var start = 0
                for entries in perModule {
                    groups.append(Array(compressed[start..<(start + entries.count)]))
                    start += entries.count
                }
                return groups
            }
            lock.withLock { result = outcome }
        }
    }

    /// Waits for the work to finish and returns each module's compressed entries, in module order.
    ///
    /// - Throws: the first ``ArchiveError`` deflate raised.
    func entries() throws -> [[ZipWriter.CompressedEntry]] {
        group.wait()
        return try lock.withLock { result }?.get() ?? []
    }

    /// Waits for the work to finish and discards it (when packaging stops before writing).
    func discard() {
        group.wait()
    }
}
