import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing

/// Writes ZIPs (full and slices) and the manifest into a version folder, each through a temporary file and a rename.
enum OutputWriter {
    struct Plan {
        var archives: [ModuleArchive]
        /// File names (full ZIPs and slices) that are absent and must be written; identical existing files are left
        /// untouched.
        var toWrite: Set<String>
    }

    /// Checks the version folder before anything is written.
    ///
    /// - Throws: ``PackagerError`` `io` when an existing ZIP of the same name has different bytes (published
    ///   ZIPs are immutable; a different file under the same name means the folder was altered).
    static func plan(_ archives: [ModuleArchive], in folder: URL) throws -> Plan {
        var toWrite: Set<String> = []
        for file in archives.flatMap(\.publishedFiles) {
            let url = folder.appendingPathComponent(file.name)
            guard let existing = try? Data(contentsOf: url) else {
                toWrite.insert(file.name)
                continue
            }
            if existing != file.bytes {
                throw PackagerError(
                    code: .io,
                    reason: "\(url.path) exists with different content; published ZIPs are immutable. "
                        + "Remove it if it is damaged, then package again"
                )
            }
        }
        return Plan(archives: archives, toWrite: toWrite)
    }

    /// Writes the planned ZIPs, then the published index's parts, then the manifest (`manifest.json`, or
    /// `manifest.<channel>.json` for a manifest whose ``Manifest/channel`` is set), its envelope signed by
    /// `signingKeys`, the index's root (`index.json`, `index.<channel>.json`) and its envelope; returns the manifest's
    /// location and the stale temporary files of killed runs it removed from the folder first.
    ///
    /// - Throws: ``PackagerError`` `io` naming the file that could not be written.
    static func write(
        _ plan: Plan, manifest: Manifest, signingKeys: [ManifestSigningKey] = [], in folder: URL
    ) throws -> (manifest: URL, removedTemporaries: [String]) {
        if let problem = OutputPath.problem(creatingFolder: folder) {
            throw PackagerError.outputDirectory(problem)
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw PackagerError(code: .io, reason: "\(folder.path): cannot create the output folder (\(error.localizedDescription))")
        }
        let removed = TemporaryFiles.removeStale(in: folder)
        for file in plan.archives.flatMap(\.publishedFiles) where plan.toWrite.contains(file.name) {
            try atomicWrite(file.bytes, to: folder.appendingPathComponent(file.name), flushed: false)
        }
        let files = try ReleaseFiles.make(manifest, signingKeys: signingKeys, manifestHeaders: .manifest())
        for part in files.contentAddressed {
            let url = folder.appendingPathComponent(part.name)
            if (try? Data(contentsOf: url)) != (try part.bytes()) { try atomicWrite(try part.bytes(), to: url, flushed: false) }
        }
        for file in files.manifests { try atomicWrite(try file.bytes(), to: folder.appendingPathComponent(file.name)) }
        if signingKeys.isEmpty {
            for name in [ManifestChannel.envelopeFileName(channel: manifest.channel), ManifestChannel.indexEnvelopeFileName(channel: manifest.channel)] {
                try removeStaleEnvelope(folder.appendingPathComponent(name))
            }
        }
        return (folder.appendingPathComponent(ManifestChannel.manifestFileName(channel: manifest.channel)), removed)
    }

    /// Writes `data` to a temporary file beside `url`, then renames it to `url`. `flushed` false leaves out the
    /// `fsync(2)` Foundation does (``UnflushedWrite``: for ZIPs and slices, which `publish` verifies).
    static func atomicWrite(_ data: Data, to url: URL, flushed: Bool = true) throws {
        let temporary = TemporaryFiles.url(for: url)
        guard TemporaryFiles.register(temporary.path) else {
            throw PackagerError(code: .io, reason: "\(url.path): not written, the run was interrupted")
        }
        defer { TemporaryFiles.unregister(temporary.path) }
        do {
            if flushed {
                try data.write(to: temporary)
            } else if let failure = UnflushedWrite.write(data, to: temporary.path) {
                throw PackagerError(code: .io, reason: "\(url.path): cannot be written (\(String(cString: strerror(failure))))")
            }
            guard rename(temporary.path, url.path) == 0 else {
                throw PackagerError(code: .io, reason: "\(url.path): rename failed (errno \(errno))")
            }
        } catch let error as PackagerError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw PackagerError(code: .io, reason: "\(url.path): cannot be written (\(error.localizedDescription))")
        }
    }
}
