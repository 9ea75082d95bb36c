import Foundation
import OTALocalizations
import OTALocalizationsCore

/// The published index's parts for one cycle: from memory (a part read earlier in the cycle), from the device's cache
/// (``OTAStorageLayout/indexPartsFolder``, each file named by its SHA-256 and checked against it when read), or from
/// the host: a GET of at most the part's size, its size and SHA-256 checked against the root, then written to the
/// cache inside the commit gate. A part is inflated (at most ``maximumInflatedBytes``) and decoded only after its
/// bytes are verified.
final class IndexPartLoader: IndexPartSource, @unchecked Sendable {
    /// The largest inflated part accepted, in bytes: the limit of a `manifest.json`.
    static let maximumInflatedBytes = Int(IndexParts.maximumInflatedBytes)

    private let configuration: OTALocalizationServiceConfiguration
    private let versionURL: URL
    private let gate: CommitGate
    private let lock = NSLock()
    // Guarded by `lock`.
    private var decoded: [String: Decoded] = [:]
    private var downloaded: Int64 = 0

    private enum Decoded {
        case base(IndexBasePart)
        case files(IndexFilesPart)
    }

    init(configuration: OTALocalizationServiceConfiguration, versionURL: URL, gate: CommitGate) {
        self.configuration = configuration
        self.versionURL = versionURL
        self.gate = gate
    }

    /// Part bytes downloaded from the host in this cycle (parts read from the cache cost nothing).
    var downloadedBytes: Int64 { lock.withLock { downloaded } }

    func base(_ reference: PublishedFile) async throws(CycleFailure) -> IndexBasePart {
        if case .base(let part)? = lock.withLock({ decoded[reference.sha256] }) { return part }
        let json = try await inflated(reference)
        do {
            let part = try IndexBasePart(bytes: json)
            lock.withLock { decoded[reference.sha256] = .base(part) }
            return part
        } catch {
            throw CycleFailure(.manifest, "index part \(reference.path) rejected (\(error.code)): \(error.reason)")
        }
    }

    func files(_ reference: PublishedFile, kind: IndexFilesPart.Kind) async throws(CycleFailure) -> IndexFilesPart {
        if case .files(let part)? = lock.withLock({ decoded[reference.sha256] }), part.kind == kind { return part }
        let json = try await inflated(reference)
        do {
            let part = try IndexFilesPart(bytes: json, kind: kind)
            lock.withLock { decoded[reference.sha256] = .files(part) }
            return part
        } catch {
            throw CycleFailure(.manifest, "index part \(reference.path) rejected (\(error.code)): \(error.reason)")
        }
    }

    /// Removes every cached part but those `keeping` names (by SHA-256), inside the gate. Anything but a real folder at
    /// `index-parts` (a symbolic link planted there) is moved aside, never listed or emptied through.
    func collect(keeping: Set<String>) {
        let layout = configuration.layout
        let folder = layout.indexPartsFolder
        guard DurableFiles.isDirectory(folder) else {
            gate.attempt { DurableFiles.discard(folder, layout: layout) }
            return
        }
        for name in DurableFiles.contents(of: folder) where !keeping.contains(name) {
            if !gate.attempt({ DurableFiles.remove(folder.appendingPathComponent(name)) }) { return }
        }
    }

    private func inflated(_ reference: PublishedFile) async throws(CycleFailure) -> Data {
        let bytes = try await verifiedBytes(reference)
        do {
            return try GzipMember.decompress(bytes, maximumBytes: Self.maximumInflatedBytes)
        } catch {
            throw CycleFailure(.manifest, "index part \(reference.path) does not inflate (\(error.code)): \(error.reason)")
        }
    }

    private func verifiedBytes(_ reference: PublishedFile) async throws(CycleFailure) -> Data {
        let folder = configuration.layout.indexPartsFolder
        let cached = folder.appendingPathComponent(reference.sha256, isDirectory: false)
        // The cache is read only from a real folder: a part is never read through a symbolic link planted there.
        if DurableFiles.isDirectory(folder), let data = SmallFile.read(cached.path, maximumBytes: Int(clamping: reference.size)),
           Int64(data.count) == reference.size, SHA256Digest.hexString(data) == reference.sha256 {
            return data
        }
        let response: HTTPResponse
        do {
            response = try await ServiceHTTP.get(
                URLPath.file(reference.path, in: versionURL), headers: [:], maximumBytes: reference.size, configuration: configuration)
        } catch is CancellationError {
            throw CycleFailure.cancelled
        } catch {
            throw CycleFailure(.transport, "index part \(reference.path) download failed: \(error)")
        }
        lock.withLock { downloaded += Int64(response.body.count) }
        guard response.statusCode == 200 else {
            throw CycleFailure(.transport, "index part \(reference.path): HTTP status \(response.statusCode)")
        }
        let digest = SHA256Digest.hexString(response.body)
        guard Int64(response.body.count) == reference.size, digest == reference.sha256 else {
            throw CycleFailure(
                .verification,
                "index part \(reference.path): received \(response.body.count) bytes with SHA-256 \(digest), the root lists \(reference.size) bytes and \(reference.sha256)")
        }
        gate.attempt {
            guard (try? DurableFiles.ensureDirectory(folder, layout: configuration.layout)) != nil else { return }
            try? DurableFiles.replaceFile(cached, with: response.body, temporaryFolder: configuration.layout.temporaryFolder)
        }
        return response.body
    }
}
