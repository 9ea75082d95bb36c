import Foundation
import OTALocalizationsCore

/// What a device accepts as the published description of its app version before acting on it: the one admission
/// path of the update cycle and of `ota-localizations verify`, so that `verify` passes exactly what a device with the
/// same keys and channel accepts (docs/design.md, "One update cycle", step 3; docs/signing.md).
///
/// A device reads one file: the published index, `index.json` (`index.dsse.json` with trusted keys; the channel's
/// name on a channel). In order: with trusted keys, the envelope is verified before anything is decoded (its payload
/// type must be the index's); the body is decoded strictly (duplicate keys refused); it must be for the app version
/// and the channel configured; `publishedAt` may be later than the server's `Date` (or the device clock without one)
/// by at most ``Rules/publishedAtToleranceSeconds``; its `expires`, when it has one, may be earlier than the later of
/// the two clocks by at most the same tolerance (``checkExpires(_:of:rules:serverDate:deviceClock:)``). The entry count is known once the base parts are read
/// (``checkEntryCount(_:rules:)``). Pure: reads no files, safe from any thread.
///
/// The steps are also ``verifiedPayload(_:payloadType:rules:)``, ``checkIdentity(appVersion:channel:fileName:rules:)``
/// and ``checkPublishedAt(_:rules:serverDate:deviceClock:)``, so that `verify` holds the packager's `manifest.json`
/// (which CI tools read, no device) to the same rules.
package enum ManifestAdmission {
    /// The file a device with `signed` (trusted keys) and `channel` reads: `index.json`, `index.dsse.json`, or the
    /// channel's `index.<channel>.json` / `index.<channel>.dsse.json`.
    package static func fileName(channel: String?, signed: Bool) -> String {
        signed ? ManifestChannel.indexEnvelopeFileName(channel: channel) : ManifestChannel.indexFileName(channel: channel)
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

    /// An admitted publish.
    package struct Admitted: Sendable, Equatable {
        package var index: ManifestIndex
        /// The bytes decoded: the file itself, or the verified payload of its envelope.
        package var payload: Data
        /// The trusted key whose signature verified; nil without trusted keys.
        package var keyID: String?
        /// The latest installed `publishedAt` still trusted as the anti-rollback reference: the later of the server's
        /// and the device's clock, plus the tolerance (a date from the future cannot hold back later publishes).
        package var latestTrusted: ManifestTimestamp
    }

    /// Admits `body`, the `200` response to ``fileName(channel:signed:)``.
    ///
    /// - Parameters:
    ///   - serverDate: the response's `Date` header, nil without one.
    ///   - deviceClock: the device's clock now.
    /// - Throws: ``CycleFailure`` (codes `signature`, `manifest`, `channel`).
    package static func admit(
        _ body: Data, rules: Rules, serverDate: ManifestTimestamp?, deviceClock: ManifestTimestamp
    ) throws(CycleFailure) -> Admitted {
        let fileName = fileName(channel: rules.channel, signed: !rules.trustedKeys.isEmpty)
        let (payload, keyID) = try verifiedPayload(body, payloadType: ManifestEnvelope.indexPayloadType, rules: rules)
        guard payload.count <= Manifest.maximumBytes else {
            throw CycleFailure(.manifest, "\(fileName) holds \(payload.count) bytes, more than the \(Manifest.maximumBytes) accepted")
        }
        let index: ManifestIndex
        do {
            index = try ManifestIndex(bytes: payload)
        } catch {
            throw CycleFailure(.manifest, "manifest rejected (\(error.code)): \(error.reason)")
        }
        try checkIdentity(appVersion: index.appVersion, channel: index.channel, fileName: fileName, rules: rules)
        let trusted = try checkPublishedAt(index.publishedAtTimestamp, rules: rules, serverDate: serverDate, deviceClock: deviceClock)
        try checkExpires(index.expiresTimestamp, of: fileName, rules: rules, serverDate: serverDate, deviceClock: deviceClock)
        return Admitted(index: index, payload: payload, keyID: keyID, latestTrusted: trusted)
    }

    /// `body` itself without trusted keys; with them, the payload of the envelope `body` once a trusted key's
    /// signature over it verifies (its payload type must be `payloadType`), with that key's id.
    /// - Throws: ``CycleFailure`` (`signature`).
    package static func verifiedPayload(
        _ body: Data, payloadType: String, rules: Rules
    ) throws(CycleFailure) -> (payload: Data, keyID: String?) {
        guard !rules.trustedKeys.isEmpty else { return (body, nil) }
        do {
            return try ManifestEnvelope(bytes: body, payloadType: payloadType, maximumSignatures: rules.maximumEnvelopeSignatures)
                .verifiedPayload(trustedKeys: rules.trustedKeys)
        } catch {
            let what = payloadType == ManifestEnvelope.indexPayloadType ? "index" : "manifest"
            throw CycleFailure(.signature, "signed \(what) refused (\(error.code)): \(error.reason)", signatureCode: error.code)
        }
    }

    /// Refuses a publish for another app version (`manifest`) or channel (`channel`) than the rules'.
    package static func checkIdentity(appVersion: String, channel: String?, fileName: String, rules: Rules) throws(CycleFailure) {
        guard appVersion == rules.appVersion else {
            throw CycleFailure(.manifest, "manifest is for app version \"\(appVersion)\", not \"\(rules.appVersion)\"")
        }
        guard channel == rules.channel else {
            throw CycleFailure(
                .channel,
                "\(fileName) names the channel \(text(channel)), but this app reads the channel \(text(rules.channel)); nothing was installed")
        }
    }

    /// Refuses a `publishedAt` later than the server's `Date` (the device clock without one) by more than the
    /// tolerance (`manifest`); returns the latest installed `publishedAt` still trusted (``Admitted/latestTrusted``).
    package static func checkPublishedAt(
        _ publishedAt: ManifestTimestamp, rules: Rules, serverDate: ManifestTimestamp?, deviceClock: ManifestTimestamp
    ) throws(CycleFailure) -> ManifestTimestamp {
        let clock = serverDate ?? deviceClock
        let latest = clock.adding(seconds: rules.publishedAtToleranceSeconds)
        guard publishedAt <= latest else {
            let source = serverDate == nil ? "the device clock" : "the server's Date"
            throw CycleFailure(
                .manifest,
                "manifest publishedAt \(ManifestDate.format(publishedAt)) is later than \(source) \(ManifestDate.format(clock)) by more than \(seconds(rules.publishedAtToleranceSeconds)) s (publishedAtToleranceSeconds); ignored")
        }
        // An installed date is dropped as a reference only when both clocks put it in the future: a cache serves a
        // stored response with the Date it was stored with (RFC 9111 section 4), so a stale edge's Date alone would
        // make a newer install look like one from the future.
        return max(clock, deviceClock).adding(seconds: rules.publishedAtToleranceSeconds)
    }

    /// Refuses a publish whose `expires` is earlier than the later of the server's `Date` and the device clock by more
    /// than ``Rules/publishedAtToleranceSeconds`` (`expired`, naming `what`); nothing without `expires`.
    ///
    /// Whoever freezes a device controls the `Date` header (and a cache serves the `Date` it stored, RFC 9111 section
    /// 4), so the server's `Date` may only make the check stricter: an old `Date` never makes an expired index fresh,
    /// while a device clock that is behind is caught up by a correct one (the TUF specification's timestamp role and
    /// its freeze attack, docs/signing.md).
    package static func checkExpires(
        _ expires: ManifestTimestamp?, of what: String, rules: Rules, serverDate: ManifestTimestamp?, deviceClock: ManifestTimestamp
    ) throws(CycleFailure) {
        guard let expires else { return }
        let useServer = serverDate.map { $0 > deviceClock } ?? false
        let clock = useServer ? serverDate! : deviceClock
        guard clock <= expires.adding(seconds: rules.publishedAtToleranceSeconds) else {
            let source = useServer ? "the server's Date" : "the device clock"
            throw CycleFailure(
                .expired,
                "\(what) expired at \(ManifestDate.format(expires)): \(source) \(ManifestDate.format(clock)) is later by more than "
                    + "\(seconds(rules.publishedAtToleranceSeconds)) s (publishedAtToleranceSeconds); nothing was installed. The host "
                    + "is serving no fresher signed index: it may be withholding newer publishes (a freeze), or the scheduled "
                    + "re-signing stopped")
        }
    }

    /// Refuses a publish listing more than ``Rules/maximumManifestModules`` entries for a device.
    package static func checkEntryCount(_ entries: Int, rules: Rules) throws(CycleFailure) {
        guard entries <= rules.maximumManifestModules else {
            throw CycleFailure(
                .limit, "manifest lists \(entries) modules, more than the limit of \(rules.maximumManifestModules) (maximumManifestModules)")
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
