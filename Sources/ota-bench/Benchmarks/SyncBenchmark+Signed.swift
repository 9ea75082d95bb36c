import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsSync

extension SyncBenchmark {
    /// The cost of signed manifests (docs/signing.md): the signature check alone, and signed cycles beside the
    /// unsigned ones just measured on the same storage root and publish.
    static func signedFigures(
        publisher: Publisher, nginx: BenchNginx, storage: URL, unsignedChangedMs: [Double], unsignedNotModifiedMs: [Double]
    ) async throws -> [Figure] {
        let trusted = [publisher.signingKey.publicKey]
        let envelope = try Data(contentsOf: publisher.envelopeURL)

        // What a signed 200 adds to the cycle: decoding the envelope and one Ed25519 verification of the manifest.
        var verify: [Double] = []
        for _ in 0..<50 {
            verify.append(try Stopwatch.seconds {
                _ = try ManifestEnvelope(bytes: envelope, payloadType: ManifestEnvelope.indexPayloadType).verifiedPayload(trustedKeys: trusted)
            } * 1000)
        }

        // The first signed cycle finds an unsigned state (treated as absent): a 200, every module skipped.
        let (_, adopt) = try await cycle(nginx.baseURL, storage: storage, trustedKeys: trusted)
        guard adopt.manifest == .updated, adopt.failed == 0 else { throw BenchError("signed adoption: \(adopt.jsonText())") }

        var notModified: [Double] = []
        for _ in 0..<runs {
            let (seconds, report) = try await cycle(nginx.baseURL, storage: storage, trustedKeys: trusted)
            guard report.manifest == .notModified else { throw BenchError("signed not-modified path: \(report.jsonText())") }
            notModified.append(seconds * 1000)
        }

        var changed: [Double] = []
        for run in 1...runs {
            try publisher.edit(module: Fixtures.moduleName(run), revision: 100 + run)
            _ = try publisher.publish()
            let before = nginx.requests().count
            let (seconds, report) = try await cycle(nginx.baseURL, storage: storage, trustedKeys: trusted)
            guard report.updated == 1, report.failed == 0 else { throw BenchError("signed one-module-changed path: \(report.jsonText())") }
            guard nginx.requests(after: before).first?.uri == "/\(appVersion)/index.dsse.json" else {
                throw BenchError("a signed cycle did not fetch index.dsse.json first")
            }
            changed.append(seconds * 1000)
        }

        var verifyMs = Figure(key: "signatureCheckMs", label: "signed: envelope decode + Ed25519 check", unit: "ms", samples: verify)
        verifyMs.note = "\(envelope.count) byte envelope of index.json, 30 modules; paid once per cycle that gets a 200, never on a 304"
        let notModifiedMs = Figure(
            key: "signedNotModifiedMs", label: "signed, not modified, the first cycle after a launch: duration", unit: "ms",
            samples: notModified, baseline: .init(label: "unsigned", samples: unsignedNotModifiedMs))
        let changedMs = Figure(
            key: "signedOneChangedMs", label: "signed, one module changed: duration", unit: "ms", samples: changed,
            baseline: .init(label: "unsigned", samples: unsignedChangedMs))
        return [verifyMs, notModifiedMs, changedMs]
    }
}
