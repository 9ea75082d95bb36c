import Foundation
import OTALocalizationsCore

/// What a device accepts as the published description of its app version before acting on it: the one admission
/// path of the update cycle and of `ota-localizations verify`, so that `verify` passes exactly what a device with the
/// same keys and channel accepts (docs/design.md, "One update cycle", step 3; docs/signing.md).
///
/// In order: with trusted keys, the envelope is verified before anything is decoded (its payload type must be the
/// format's); the body is decoded strictly (duplicate keys refused); it must be for the app version and the channel
/// configured; a manifest (format 1) may list at most ``Rules/maximumManifestModules`` entries (an index's count is
/// known once its base parts are read: ``checkEntryCount(_:rules:)``); `publishedAt` may be later than the server's
/// `Date` (or the device clock without one) by at most ``Rules/publishedAtToleranceSeconds``. Pure: reads no files,
/// safe from any thread.
package enum ManifestAdmission {
    /// The two published formats a device reads.
    package enum Format: Sendable, Equatable {
        /// `index.json` (format 2) and its parts.
        case index
        /// `manifest.json` (format 1).
        case manifest

        /// The file a device with `signed` (trusted keys) and `channel` reads for this format.
        package func fileName(channel: String?, signed: Bool) -> String {
            switch (self, signed) {
            case (.index, false): ManifestChannel.indexFileName(channel: channel)
            case (.index, true): ManifestChannel.indexEnvelopeFileName(channel: channel)
            case (.manifest, false): ManifestChannel.manifestFileName(channel: channel)
            case (.manifest, true): ManifestChannel.envelopeFileName(channel: channel)
            }
        }

        /// The envelope payload type of this format.
        var payloadType: String {
            self == .index ? ManifestEnvelope.indexPayloadType : ManifestEnvelope.payloadType
        }
    }

    /// The configuration admission follows.
    package struct Rules: Sendable {
        package var appVersion: String
        /// nil for production.
        package var channel: String?
        package var trustedKeys: [ManifestPublicKey]
        package var maximumEnvelopeSignatures: Int
        package var publishedAtToleranceSeconds: TimeInterval
        package var maximumManifestModules: Int

        package init(
            appVersion: String, channel: String?, trustedKeys: [ManifestPublicKey], maximumEnvelopeSignatures: Int,
            publishedAtToleranceSeconds: TimeInterval, maximumManifestModules: Int
        ) {
            self.appVersion = appVersion
            self.channel = ManifestChannel.recorded(channel)
            self.trustedKeys = trustedKeys
            self.maximumEnvelopeSignatures = maximumEnvelopeSignatures
            self.publishedAtToleranceSeconds = publishedAtToleranceSeconds
            self.maximumManifestModules = maximumManifestModules
        }

        /// The rules of a service's configuration.
        package init(_ configuration: OTALocalizationServiceConfiguration) {
            self.init(
                appVersion: configuration.appVersion, channel: configuration.channel, trustedKeys: configuration.trustedKeys,
                maximumEnvelopeSignatures: configuration.maximumEnvelopeSignatures,
                publishedAtToleranceSeconds: configuration.publishedAtToleranceSeconds,
                maximumManifestModules: configuration.maximumManifestModules)
        }
    }

    /// What was admitted.
    package enum Content: Sendable, Equatable {
        case index(ManifestIndex)
        case manifest(Manifest)

        package var publishedAt: ManifestTimestamp {
            switch self {
            case .index(let index): index.publishedAtTimestamp
            case .manifest(let manifest): manifest.publishedAtTimestamp
            }
        }
    }

    /// An admitted publish.
    package struct Admitted: Sendable, Equatable {
        package var content: Content
        /// The bytes decoded: the file itself, or the verified payload of its envelope.
        package var payload: Data
        /// The trusted key whose signature verified; nil without trusted keys.
        package var keyID: String?
        /// The latest installed `publishedAt` still trusted as the anti-rollback reference: the later of the server's
        /// and the device's clock, plus the tolerance (a date from the future cannot hold back later publishes).
        package var latestTrusted: ManifestTimestamp
    }

    /// Admits `body`, the `200` response to ``Format/fileName(channel:signed:)``.
    ///
    /// - Parameters:
    ///   - serverDate: the response's `Date` header, nil without one.
    ///   - deviceClock: the device's clock now.
    /// - Throws: ``CycleFailure`` (codes `signature`, `manifest`, `channel`, `limit`).
    package static func admit(
        _ body: Data, format: Format, rules: Rules, serverDate: ManifestTimestamp?, deviceClock: ManifestTimestamp
    ) throws(CycleFailure) -> Admitted {
        let fileName = format.fileName(channel: rules.channel, signed: !rules.trustedKeys.isEmpty)
        var payload = body
        var keyID: String?
        if !rules.trustedKeys.isEmpty {
            do {
                (payload, keyID) = try ManifestEnvelope(
                    bytes: body, payloadType: format.payloadType, maximumSignatures: rules.maximumEnvelopeSignatures
                ).verifiedPayload(trustedKeys: rules.trustedKeys)
            } catch {
                throw CycleFailure(
                    .signature, "signed \(format == .index ? "index" : "manifest") refused (\(error.code)): \(error.reason)",
                    signatureCode: error.code)
            }
        }
        guard payload.count <= Manifest.maximumBytes else {
            throw CycleFailure(.manifest, "\(fileName) holds \(payload.count) bytes, more than the \(Manifest.maximumBytes) accepted")
        }
        let content = try decode(payload, format: format)
        let (appVersion, channel): (String, String?) = switch content {
        case .index(let index): (index.appVersion, index.channel)
        case .manifest(let manifest): (manifest.appVersion, manifest.channel)
        }
        guard appVersion == rules.appVersion else {
            throw CycleFailure(.manifest, "manifest is for app version \"\(appVersion)\", not \"\(rules.appVersion)\"")
        }
        guard channel == rules.channel else {
            throw CycleFailure(
                .channel,
                "\(fileName) names the channel \(text(channel)), but this app reads the channel \(text(rules.channel)); nothing was installed")
        }
        if case .manifest(let manifest) = content {
            // The longest list a device can use: the stable entries with the modules a rollout adds.
            let entries = manifest.modules(inRollout: true).count + manifest.rejectedModules.count
                + (manifest.rollout?.rejectedModules.count ?? 0)
            try checkEntryCount(entries, rules: rules)
        }
        let clock = serverDate ?? deviceClock
        let latest = clock.adding(seconds: rules.publishedAtToleranceSeconds)
        guard content.publishedAt <= latest else {
            let source = serverDate == nil ? "the device clock" : "the server's Date"
            throw CycleFailure(
                .manifest,
                "manifest publishedAt \(ManifestDate.format(content.publishedAt)) is later than \(source) \(ManifestDate.format(clock)) by more than \(seconds(rules.publishedAtToleranceSeconds)) s (publishedAtToleranceSeconds); ignored")
        }
        // An installed date is dropped as a reference only when both clocks put it in the future: a cache serves a
        // stored response with the Date it was stored with (RFC 9111 section 4), so a stale edge's Date alone would
        // make a newer install look like one from the future.
        let trusted = max(clock, deviceClock).adding(seconds: rules.publishedAtToleranceSeconds)
        return Admitted(content: content, payload: payload, keyID: keyID, latestTrusted: trusted)
    }

    /// Refuses a publish listing more than ``Rules/maximumManifestModules`` entries for a device.
    package static func checkEntryCount(_ entries: Int, rules: Rules) throws(CycleFailure) {
        guard entries <= rules.maximumManifestModules else {
            throw CycleFailure(
                .limit, "manifest lists \(entries) modules, more than the limit of \(rules.maximumManifestModules) (maximumManifestModules)")
        }
    }

    private static func decode(_ payload: Data, format: Format) throws(CycleFailure) -> Content {
        do {
            switch format {
            case .index: return .index(try ManifestIndex(bytes: payload))
            case .manifest: return .manifest(try Manifest(bytes: payload))
            }
        } catch {
            throw CycleFailure(.manifest, "manifest rejected (\(error.code)): \(error.reason)")
        }
    }

    /// `"staging"`, or `production` for nil.
    private static func text(_ channel: String?) -> String {
        channel.map { "\"\($0)\"" } ?? ManifestChannel.production
    }

    private static func seconds(_ value: TimeInterval) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
