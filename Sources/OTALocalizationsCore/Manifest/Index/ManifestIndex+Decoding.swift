import Foundation
import OTALocalizationsNames

extension ManifestIndex {
    /// Decodes a root (`index.json`) strictly as a whole: unknown fields are ignored at every level, nothing else is.
    ///
    /// - Throws: ``ManifestError``: `notJSON` (not strict RFC 8259 JSON), `duplicateKey`, `unsupportedVersion` (a
    ///   `formatVersion` other than 2), `missingField` (a field missing, of the wrong type, or a part reference without
    ///   a plain file name `path`, 64 lowercase hex digits `sha256` and a `size` from 0 to
    ///   ``IndexParts/maximumPartSize``), `badDate`,
    ///   `badDevelopmentRegion`, `badChannel`, `badRollout`, `badExperiment` (also for a root with both a `rollout` and
    ///   an `experiment`).
    public init(bytes: Data) throws(ManifestError) {
        let root = try IndexDecoding.document(bytes, what: "index")
        guard root["formatVersion"]?.integerValue == Int64(Self.formatVersion) else {
            throw ManifestError(code: .unsupportedVersion, reason: "index formatVersion is not \(Self.formatVersion)")
        }
        guard let appVersion = root["appVersion"]?.stringValue else {
            throw ManifestError(code: .missingField, reason: "index has no string 'appVersion'")
        }
        guard let text = root["publishedAt"]?.stringValue, let publishedAt = ManifestDate.parseTimestamp(text) else {
            throw ManifestError(code: .badDate, reason: "index 'publishedAt' is not an RFC 3339 date-time with a year from 0001 to 9999")
        }
        guard let region = root["developmentRegion"]?.stringValue, LanguageIdentifier.isValid(region) else {
            throw ManifestError(code: .badDevelopmentRegion, reason: "index 'developmentRegion' is not a language identifier")
        }
        var channel: String?
        if let value = root["channel"] {
            guard let name = value.stringValue, ManifestChannel.isValidName(name) else {
                throw ManifestError(code: .badChannel, reason: "index 'channel' is not a channel name")
            }
            channel = name
        }
        let parts = try IndexDecoding.parts(root["parts"], what: "index 'parts'", code: .missingField)
        var rollout: Rollout?
        if let value = root["rollout"] { rollout = try IndexDecoding.rollout(value) }
        var experiment: Experiment?
        if let value = root["experiment"] { experiment = try IndexDecoding.experiment(value, hasRollout: rollout != nil) }
        self.init(
            appVersion: appVersion, publishedAtTimestamp: publishedAt, developmentRegion: region, channel: channel,
            parts: parts, rollout: rollout, experiment: experiment)
        expiresTimestamp = try IndexDecoding.expires(root, what: "index")
    }
}

/// Reading the published JSON documents (the index's root and parts; `manifest.json` in `OTALocalizationsPublishing`).
package enum IndexDecoding {
    /// The strictly parsed document (``OrderedJSONParser``), an object without duplicate keys.
    ///
    /// - Throws: ``ManifestError`` `notJSON` or `duplicateKey`, naming `what`; `notAnObject` when the document is JSON
    ///   but not an object.
    package static func document(
        _ bytes: Data, what: String, notAnObject: ManifestError.Code = .notJSON
    ) throws(ManifestError) -> OrderedJSONValue {
        let value: OrderedJSONValue
        do {
            value = try OrderedJSONParser.parse([UInt8](bytes))
        } catch {
            throw ManifestError(code: .notJSON, reason: "\(what) is not valid JSON: \(error.reason) at byte \(error.offset)")
        }
        guard value.members != nil else { throw ManifestError(code: notAnObject, reason: "\(what) is not a JSON object") }
        if let key = DuplicateKeys.first(in: value) {
            throw ManifestError(
                code: .duplicateKey,
                reason: "\(what) has the key \(JSONText.quoted(key)) twice in one object; readers would disagree on which one counts")
        }
        return value
    }

    /// The optional `expires` of a manifest or an index root (`what`): nil when absent, else an RFC 3339 date-time
    /// with `publishedAt`'s rules.
    /// - Throws: ``ManifestError`` `badDate` for anything else.
    package static func expires(_ root: OrderedJSONValue, what: String) throws(ManifestError) -> ManifestTimestamp? {
        guard let value = root["expires"] else { return nil }
        guard let text = value.stringValue, let expires = ManifestDate.parseTimestamp(text) else {
            throw ManifestError(code: .badDate, reason: "\(what) 'expires' is not an RFC 3339 date-time with a year from 0001 to 9999")
        }
        return expires
    }

    /// `{"path", "sha256", "size"}` with the rules of a module's own fields, else nil.
    package static func file(_ value: OrderedJSONValue?) -> PublishedFile? {
        guard let value, let path = value["path"]?.stringValue, PlainFileName.isValid(path),
              let sha256 = value["sha256"]?.stringValue, LowercaseHex.isSHA256(sha256),
              let size = value["size"]?.integerValue, size >= 0
        else { return nil }
        return PublishedFile(path: path, sha256: sha256, size: size)
    }

    static func parts(_ value: OrderedJSONValue?, what: String, code: ManifestError.Code) throws(ManifestError) -> IndexParts {
        func reference(_ value: OrderedJSONValue?) -> PublishedFile? {
            file(value).flatMap { file in
                file.size <= IndexParts.maximumPartSize ? PublishedFile(path: file.path, sha256: file.sha256, size: file.size) : nil
            }
        }
        guard let value, let base = reference(value["base"]), let full = reference(value["full"]),
              let named = value["localizations"]?.members
        else {
            throw ManifestError(code: code, reason: "\(what) needs 'base' and 'full' part references (each of at most \(IndexParts.maximumPartSize) bytes) and a 'localizations' object")
        }
        var localizations: [String: PublishedFile] = [:]
        for member in named {
            guard PlainFileName.isValid(member.key), member.key != LocalizationFolder.base, let part = reference(member.value) else {
                throw ManifestError(code: code, reason: "\(what) localization \(member.key.debugDescription) is not a localization name with a part reference")
            }
            localizations[member.key] = part
        }
        return IndexParts(base: base, full: full, localizations: localizations)
    }

    /// `experiment` with each arm's `parts`.
    static func experiment(_ value: OrderedJSONValue, hasRollout: Bool) throws(ManifestError) -> ManifestIndex.Experiment {
        let fields = try experimentFields(value, what: "index", hasRollout: hasRollout)
        var arms: [ManifestIndex.Experiment.Arm] = []
        for arm in fields.arms {
            let parts = try parts(arm.value["parts"], what: "index 'experiment' arm \(arm.name.debugDescription) 'parts'", code: .badExperiment)
            arms.append(.init(name: arm.name, range: arm.range, parts: parts, removedModules: arm.removedModules))
        }
        return ManifestIndex.Experiment(id: fields.id, control: fields.control, arms: arms)
    }

    static func rollout(_ value: OrderedJSONValue) throws(ManifestError) -> ManifestIndex.Rollout {
        func failure(_ reason: String) -> ManifestError { ManifestError(code: .badRollout, reason: "index 'rollout' \(reason)") }
        guard let id = value["id"]?.stringValue, ManifestRollout.isValidID(id) else {
            throw failure("has no 'id' of 1 to 64 ASCII letters, digits, '-' or '_'")
        }
        guard let percent = value["percent"]?.doubleValue, percent >= 0, percent <= 100,
              abs(percent * 100 - (percent * 100).rounded()) < 1e-6
        else { throw failure("has no 'percent' from 0 to 100 with at most two decimals") }
        let parts = try parts(value["parts"], what: "index 'rollout.parts'", code: .badRollout)
        var removed: [String] = []
        if let list = value["removedModules"] {
            guard let names = list.stringArrayValue, names.allSatisfy(PlainFileName.isValid), Set(names).count == names.count else {
                throw failure("has a 'removedModules' that is not an array of distinct module names")
            }
            removed = names
        }
        return ManifestIndex.Rollout(id: id, basisPoints: Int((percent * 100).rounded()), parts: parts, removedModules: removed)
    }
}
