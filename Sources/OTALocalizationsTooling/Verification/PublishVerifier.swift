import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing
import OTALocalizationsSync

/// `ota-localizations verify`: checks a published version folder the way a device of the given channel and keys
/// does, with the service's own admission (``ManifestAdmission``) and archive rules (``BundleArchiveRules``), over
/// every entry a device could install: stable, rollout and experiment arm entries, each full ZIP and every slice.
///
/// It passes exactly when such a device, whatever its languages and wherever it falls in the rollout or the
/// experiment (each arm, control, outside), would admit the publish and install every module; where the reader sees the headers files are stored with apart from their
/// bodies (a bucket), those a device acts on are checked too (``checkHeaders(describing:)``). Devices read the
/// published index (`index.json` and its parts); the `manifest.json` the packager writes beside it (for CI tools:
/// `promote`, `rollout`, `diff`) is held to the same admission rules and must describe the same modules.
package struct PublishVerifier {
    /// One line of the verdict.
    package struct Line: Sendable, Equatable {
        package var passed: Bool
        package var text: String
        /// The file the line is about, relative to the version folder (`manifest.json`, a ZIP's name); nil when it is
        /// about the folder, a module entry or several files.
        package var file: String?
        /// For a failed check, what kind of problem it is, stable for scripts: a device's refusal code (`signature`,
        /// `manifest`, `limit`, `channel`, …, as in a cycle report's `errorCode`), or `missing`, `unreadable`,
        /// `size-or-sha256`, `archive`, `different-modules`, `unsigned-copy-differs`, `duplicate-module`,
        /// `rejected-entry`, `no-manifest`, `headers`; nil for a check that passed.
        package var code: String?
        /// The experiment arm the check is about (`control` included): one of that arm's module files, or what a
        /// device in it would use; nil for a check about the stable modules, the folder or its files.
        package var arm: String?

        package init(passed: Bool, text: String, file: String? = nil, code: String? = nil, arm: String? = nil) {
            self.passed = passed
            self.text = text
            self.file = file
            self.code = code
            self.arm = arm
        }
    }

    let reader: any PublishedFileReading
    let rules: ManifestAdmission.Rules
    /// The per-module caps of a device with the service's defaults.
    let maximumSlicesPerModule: Int
    let maximumLocalizationsPerModule: Int
    let now: Date
    /// Whether every file's stored headers are read, not only those the commit points cannot vouch for.
    let everyHeader: Bool
    private(set) var lines: [Line] = []
    /// Called on the calling thread as a step starts or progresses (for progress lines); does nothing by default.
    package var progress: (VerifyStep) -> Void = { _ in }
    /// Every file read, by name: true for a commit point (a manifest, an index root or an envelope of either).
    var served: [String: Bool] = [:]
    /// The root files (`index…json`, `manifest…json`) found missing.
    private var missingRoots: Set<String> = []

    /// A verifier of `reader`'s folder for a device reading `channel` (nil: production) with `trustedKeys` (empty: an
    /// unsigned device); limits and tolerances are the service's defaults. With `everyHeader`, every file's stored
    /// headers are read (``checkHeaders(describing:)``).
    package init(
        reader: any PublishedFileReading, channel: String?, trustedKeys: [ManifestPublicKey], now: Date = Date(), everyHeader: Bool = false
    ) {
        let defaults = OTALocalizationServiceConfiguration(
            baseURL: URL(fileURLWithPath: "/"), appVersion: reader.appVersion, trustedKeys: trustedKeys, channel: channel)
        self.reader = reader
        self.rules = ManifestAdmission.Rules(defaults)
        self.maximumSlicesPerModule = defaults.maximumSlicesPerModule
        self.maximumLocalizationsPerModule = defaults.maximumLocalizationsPerModule
        self.now = now
        self.everyHeader = everyHeader
    }

    /// Runs every check; the lines say what passed and what did not.
    package mutating func run() -> (lines: [Line], manifest: Manifest?) {
        let signed = !rules.trustedKeys.isEmpty
        let manifest = admittedManifest()
        let fromIndex = admittedIndex()
        if let manifest, let fromIndex, !sameContent(manifest, fromIndex) {
            fail("\(reader.display(ManifestAdmission.fileName(channel: rules.channel, signed: signed))) and \(reader.display(Self.manifestFileName(channel: rules.channel, signed: signed))) describe different modules: devices would install other text than promote, rollout and diff see", code: "different-modules")
        }
        if signed {
            checkUnsignedTwin(envelope: ManifestChannel.envelopeFileName(channel: rules.channel), file: ManifestChannel.manifestFileName(channel: rules.channel), payloadType: ManifestEnvelope.payloadType)
            if fromIndex != nil {
                checkUnsignedTwin(envelope: ManifestChannel.indexEnvelopeFileName(channel: rules.channel), file: ManifestChannel.indexFileName(channel: rules.channel), payloadType: ManifestEnvelope.indexPayloadType)
            }
        }
        if missingRoots.count == 2 {
            fail("\(reader.display("")): neither \(missingRoots.sorted().joined(separator: " nor ")) is there: verify takes the "
                + "version folder publish wrote, <base>/<app version> (for example s3://strings/ios/1.0.0)"
                + (rules.channel == nil ? "" : ", and --channel \(rules.channel!) must have been published there"), code: "no-manifest")
        }
        guard let described = fromIndex ?? manifest else {
            checkHeaders(describing: nil)
            return (lines, nil)
        }
        checkEntries(described)
        checkArms(described)
        checkArchives(described)
        checkHeaders(describing: described)
        return (lines, described)
    }

    /// `reader`'s files, each noted in ``served`` once it was read.
    mutating func read(_ names: [String], maximumBytes: [String: Int64], commitPoints: Bool) -> [String: Result<Data, PublishedFileFailure>] {
        let read = reader.contents(names, maximumBytes: maximumBytes)
        for (name, result) in read {
            if case .success = result { served[name] = commitPoints }
        }
        return read
    }

    mutating func pass(_ text: String, file: String? = nil, arm: String? = nil) {
        lines.append(Line(passed: true, text: text, file: file, arm: arm))
    }
    mutating func fail(_ text: String, file: String? = nil, code: String, arm: String? = nil) {
        lines.append(Line(passed: false, text: text, file: file, code: code, arm: arm))
    }
    /// A failed read of `file`: `missing` when it is not there, else `unreadable`.
    mutating func fail(_ failure: PublishedFileFailure, file: String) {
        fail(failure.message, file: file, code: failure.isMissing ? "missing" : "unreadable")
    }

    /// `manifest.json` (`manifest.dsse.json` with keys; the channel's file on a channel).
    static func manifestFileName(channel: String?, signed: Bool) -> String {
        signed ? ManifestChannel.envelopeFileName(channel: channel) : ManifestChannel.manifestFileName(channel: channel)
    }

    /// The root file `name`, read as a commit point; nil (with a failure line, and noted in ``missingRoots`` when it
    /// is missing) when it cannot be read.
    private mutating func root(_ name: String) -> Data? {
        switch read([name], maximumBytes: [name: ManifestEnvelope.maximumBytes], commitPoints: true)[name] {
        case .success(let body)?:
            return body
        case .failure(let failure)?:
            if failure.isMissing { missingRoots.insert(name) }
            fail(failure, file: name)
        case nil:
            fail("\(reader.display(name)): cannot be read", file: name, code: "unreadable")
        }
        return nil
    }

    /// The published index, admitted as a device admits it; nil (with a failure line) when it is refused.
    private mutating func admittedIndexRoot() -> ManifestIndex? {
        let name = ManifestAdmission.fileName(channel: rules.channel, signed: !rules.trustedKeys.isEmpty)
        guard let body = root(name) else { return nil }
        do {
            let admitted = try ManifestAdmission.admit(body, rules: rules, serverDate: nil, deviceClock: ManifestTimestamp(now))
            pass("\(reader.display(name)): admitted" + (admitted.keyID.map { ", signed by trusted keyid \($0)" } ?? ""), file: name)
            return admitted.index
        } catch {
            fail("\(reader.display(name)): \(error.reason) (\(error.code))", file: name, code: "\(error.code)")
            return nil
        }
    }

    /// `manifest.json`, held to a device's admission rules (signature, app version, channel, entry count,
    /// `publishedAt`); nil (with a failure line) when it is refused.
    private mutating func admittedManifest() -> Manifest? {
        let name = Self.manifestFileName(channel: rules.channel, signed: !rules.trustedKeys.isEmpty)
        guard let body = root(name) else { return nil }
        let payload: Data
        let keyID: String?
        do {
            (payload, keyID) = try ManifestAdmission.verifiedPayload(body, payloadType: ManifestEnvelope.payloadType, rules: rules)
        } catch {
            fail("\(reader.display(name)): \(error.reason) (\(error.code))", file: name, code: "\(error.code)")
            return nil
        }
        guard payload.count <= Manifest.maximumBytes else {
            fail("\(reader.display(name)): holds \(payload.count) bytes, more than the \(Manifest.maximumBytes) accepted (manifest)", file: name, code: "manifest")
            return nil
        }
        let manifest: Manifest
        do {
            manifest = try Manifest(bytes: payload)
        } catch {
            fail("\(reader.display(name)): manifest rejected (\(error.code)): \(error.reason) (manifest)", file: name, code: "manifest")
            return nil
        }
        do throws(CycleFailure) {
            try ManifestAdmission.checkIdentity(appVersion: manifest.appVersion, channel: manifest.channel, fileName: name, rules: rules)
            // The longest list a device could use: the stable entries with the modules a rollout or an arm adds.
            try ManifestAdmission.checkEntryCount(Self.longestEntryList(manifest), rules: rules)
            _ = try ManifestAdmission.checkPublishedAt(
                manifest.publishedAtTimestamp, rules: rules, serverDate: nil, deviceClock: ManifestTimestamp(now))
            try ManifestAdmission.checkExpires(
                manifest.expiresTimestamp, of: name, rules: rules, serverDate: nil, deviceClock: ManifestTimestamp(now))
        } catch {
            fail("\(reader.display(name)): \(error.reason) (\(error.code))", file: name, code: "\(error.code)")
            return nil
        }
        pass("\(reader.display(name)): admitted" + (keyID.map { ", signed by trusted keyid \($0)" } ?? ""), file: name)
        return manifest
    }

    /// The manifest the published index and its parts describe, every part checked; nil without an index.
    private mutating func admittedIndex() -> Manifest? {
        guard let index = admittedIndexRoot() else { return nil }
        let references = index.referencedParts
        let read = read(references.map(\.path), maximumBytes: Dictionary(uniqueKeysWithValues: references.map { ($0.path, $0.size) }), commitPoints: false)
        var decoded: [String: Data] = [:]
        for reference in references {
            switch read[reference.path] {
            case .success(let bytes)?:
                let digest = SHA256Digest.hexString(bytes)
                guard Int64(bytes.count) == reference.size, digest == reference.sha256 else {
                    fail("\(reader.display(reference.path)): \(bytes.count) bytes with SHA-256 \(digest), the index lists \(reference.size) and \(reference.sha256)", file: reference.path, code: "size-or-sha256")
                    continue
                }
                do {
                    decoded[reference.path] = try GzipMember.decompress(bytes, maximumBytes: Int(IndexParts.maximumInflatedBytes))
                } catch {
                    fail("\(reader.display(reference.path)): does not inflate (\(error.code))", file: reference.path, code: "manifest")
                }
            case .failure(let failure)?: fail(failure, file: reference.path)
            case nil: fail("\(reader.display(reference.path)): cannot be read", file: reference.path, code: "unreadable")
            }
        }
        guard decoded.count == references.count else { return nil }
        do throws(ManifestError) {
            let stable = try contents(index.parts, decoded)
            var rollout: IndexContents?
            if let running = index.rollout { rollout = try contents(running.parts, decoded) }
            var arms: [String: IndexContents] = [:]
            for arm in index.experiment?.arms ?? [] { arms[arm.name] = try contents(arm.parts, decoded) }
            pass("\(references.count) index parts: sizes and SHA-256 match")
            return index.manifest(stable: stable, rollout: rollout, arms: arms)
        } catch {
            fail("index part rejected (\(error.code)): \(error.reason)", code: "manifest")
            return nil
        }
    }

    private func contents(_ parts: IndexParts, _ decoded: [String: Data]) throws(ManifestError) -> IndexContents {
        var localizations: [String: IndexFilesPart] = [:]
        for (name, reference) in parts.localizations {
            localizations[name] = try IndexFilesPart(bytes: decoded[reference.path]!, kind: .localization(name))
        }
        return IndexContents(
            base: try IndexBasePart(bytes: decoded[parts.base.path]!),
            full: try IndexFilesPart(bytes: decoded[parts.full.path]!, kind: .full), localizations: localizations)
    }

    private func sameContent(_ a: Manifest, _ b: Manifest) -> Bool {
        a.appVersion == b.appVersion && a.publishedAtTimestamp == b.publishedAtTimestamp
            && a.developmentRegion == b.developmentRegion && a.channel == b.channel && a.modules == b.modules
            && a.rollout?.id == b.rollout?.id && a.rollout?.basisPoints == b.rollout?.basisPoints
            && a.rollout?.modules == b.rollout?.modules && a.rollout?.removedModules == b.rollout?.removedModules
            && a.experiment?.id == b.experiment?.id && a.experiment?.control == b.experiment?.control
            && a.experiment?.arms.map(\.name) == b.experiment?.arms.map(\.name)
            && a.experiment?.arms.map(\.range) == b.experiment?.arms.map(\.range)
            && a.experiment?.arms.map(\.modules) == b.experiment?.arms.map(\.modules)
            && a.experiment?.arms.map(\.removedModules) == b.experiment?.arms.map(\.removedModules)
    }

    /// With keys: the unsigned file beside the envelope must hold the signed bytes (apps without keys read it).
    private mutating func checkUnsignedTwin(envelope envelopeName: String, file name: String, payloadType: String) {
        let read = read([envelopeName, name], maximumBytes: [envelopeName: ManifestEnvelope.maximumBytes, name: Manifest.maximumBytes], commitPoints: true)
        guard case .success(let envelope)? = read[envelopeName],
              let payload = try? ManifestEnvelope(bytes: envelope, payloadType: payloadType).payload
        else { return }
        switch read[name] {
        case .success(let bytes)? where bytes == payload:
            pass("\(reader.display(name)): the same bytes as \(envelopeName)'s payload", file: name)
        case .success?:
            fail("\(reader.display(name)): differs from \(envelopeName)'s payload (clients without keys see other content)", file: name, code: "unsigned-copy-differs")
        case .failure(let failure)?:
            fail(failure, file: name)
        case nil:
            fail("\(reader.display(name)): cannot be read", file: name, code: "unreadable")
        }
    }
}
