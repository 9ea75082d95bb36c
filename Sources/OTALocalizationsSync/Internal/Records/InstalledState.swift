import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsNames

/// `state.json`: the device's entries of the publish of the last cycle in which every module succeeded
/// (``DeviceManifest``), with the ETag of the index they were read from and the keyid that vouched for it.
///
/// Shape: `{"formatVersion":2,"etag":string|null,"keyid":string|null,"appVersion","publishedAt",["expires",]"developmentRegion","channel":string|null,"rollout":{"id","basisPoints",
/// "includesThisDevice"}|null,["experiment":{"id","arm":string|null,"forced","bucket":n|null,"forcedArm":string|null},]
/// "modules":[{"name","localizations","rolloutID":string|null,["fromArm":true,]"full":{"path","sha256","size"}}
/// or {…,"base":{…},"slices":{"<localization>":{…}}}],"rejected":[{"name","reason","code"}],"everyLocalization":bool}`
/// (`expires`, `experiment` and `fromArm` only when set; a state without them reads as before they existed). Every module of a
/// device in an experiment's arm (control included) carries the experiment. Written only as a whole
/// (temp file in `tmp/`, `fsync`, `rename(2)`), so the ETag never exists without the complete state it vouches for.
/// A state that does not decode counts as absent: the next cycle reads the publish in full once.
struct InstalledState: Sendable, Equatable {
    var device: DeviceManifest
    var etag: String?
    /// The ``ManifestPublicKey/keyID`` that signed the publish; nil for an unsigned one.
    var keyID: String? = nil

    /// The largest `state.json` read, in bytes.
    static let maximumBytes = 16 * 1024 * 1024

    /// The stored state, or nil when it is missing or cannot be decoded (then no `If-None-Match` is sent).
    static func load(_ layout: OTAStorageLayout) -> InstalledState? {
        guard let data = SmallFile.read(layout.stateFile.path, maximumBytes: maximumBytes),
              let root = try? OrderedJSONParser.parse([UInt8](data)),
              root["formatVersion"]?.integerValue == 2
        else { return nil }
        return InstalledStateCoding.decode(root)
    }

    /// Writes the state through a temporary file in `tmp/` and an atomic rename onto `state.json` (anything but a
    /// regular file found there is moved aside first). `publishedAt` keeps its exact fraction.
    func save(_ layout: OTAStorageLayout) throws(CycleFailure) {
        DurableFiles.clearForFile(layout.stateFile, layout: layout)
        try DurableFiles.replaceFile(
            layout.stateFile, with: InstalledStateCoding.encode(self), temporaryFolder: layout.temporaryFolder, flush: .toMedium)
    }
}

/// The JSON of ``InstalledState``.
enum InstalledStateCoding {
    static func encode(_ state: InstalledState) -> Data {
        let device = state.device
        func optional(_ text: String?) -> String { text.map(JSONText.quoted) ?? "null" }
        func file(_ file: PublishedFile) -> String {
            "{\"path\":\(JSONText.quoted(file.path)),\"sha256\":\(JSONText.quoted(file.sha256)),\"size\":\(file.size)}"
        }
        var out = "{\"formatVersion\":2,\"etag\":\(optional(state.etag)),\"keyid\":\(optional(state.keyID)),"
        out += "\"appVersion\":\(JSONText.quoted(device.appVersion)),"
        out += "\"publishedAt\":\"\(ManifestDate.format(device.publishedAt))\","
        if let expires = device.expires { out += "\"expires\":\"\(ManifestDate.format(expires))\"," }
        out += "\"developmentRegion\":\(JSONText.quoted(device.developmentRegion)),"
        out += "\"channel\":\(optional(device.channel)),\"rollout\":"
        if let rollout = device.rollout {
            out += "{\"id\":\(JSONText.quoted(rollout.id)),\"basisPoints\":\(rollout.basisPoints),\"includesThisDevice\":\(rollout.includesThisDevice)}"
        } else {
            out += "null"
        }
        if let experiment = device.experiment {
            out += ",\"experiment\":{\"id\":\(JSONText.quoted(experiment.id)),\"arm\":\(optional(experiment.arm)),"
            out += "\"forced\":\(experiment.forced),\"bucket\":\(device.experimentBasis?.bucket.map(String.init) ?? "null"),"
            out += "\"forcedArm\":\(optional(device.experimentBasis?.forcedArm))}"
        }
        let modules = device.modules.map { module -> String in
            var entry = "{\"name\":\(JSONText.quoted(module.name)),\"localizations\":["
            entry += module.localizations.map(JSONText.quoted).joined(separator: ",") + "],\"rolloutID\":\(optional(module.rolloutID)),"
            if module.fromArm { entry += "\"fromArm\":true," }
            switch module.content {
            case .full(let zip):
                entry += "\"full\":\(file(zip))"
            case .sliced(let base, let slices):
                let named = UTF8ByteOrder.sorted(Array(slices.keys)).map { "\(JSONText.quoted($0)):\(file(slices[$0]!))" }
                entry += "\"base\":\(file(base)),\"slices\":{\(named.joined(separator: ","))}"
            }
            return entry + "}"
        }
        let rejected = device.rejected.map {
            "{\"name\":\(optional($0.name)),\"reason\":\(JSONText.quoted($0.reason)),\"code\":\(JSONText.quoted($0.code.rawValue))}"
        }
        out += ",\"modules\":[\(modules.joined(separator: ","))],\"rejected\":[\(rejected.joined(separator: ","))],"
        out += "\"everyLocalization\":\(device.everyLocalization)}\n"
        return Data(out.utf8)
    }

    static func decode(_ root: OrderedJSONValue) -> InstalledState? {
        guard let appVersion = root["appVersion"]?.stringValue,
              let publishedAt = root["publishedAt"]?.stringValue.flatMap(ManifestDate.parseTimestamp),
              let region = root["developmentRegion"]?.stringValue,
              let moduleValues = root["modules"]?.arrayValue, let rejectedValues = root["rejected"]?.arrayValue,
              case .bool(let everyLocalization)? = root["everyLocalization"]
        else { return nil }
        var expires: ManifestTimestamp?
        if let value = root["expires"] {
            guard let parsed = value.stringValue.flatMap(ManifestDate.parseTimestamp) else { return nil }
            expires = parsed
        }
        var rollout: OTALocalizationCycleReport.Rollout?
        if let value = root["rollout"], value.members != nil {
            guard let id = value["id"]?.stringValue, let points = value["basisPoints"]?.integerValue,
                  case .bool(let includes)? = value["includesThisDevice"]
            else { return nil }
            rollout = .init(id: id, basisPoints: Int(points), includesThisDevice: includes)
        }
        var experiment: OTALocalizationCycleReport.Experiment?
        var basis: ExperimentBasis?
        if let value = root["experiment"], value.members != nil {
            guard let id = value["id"]?.stringValue, case .bool(let forced)? = value["forced"] else { return nil }
            experiment = .init(id: id, arm: value["arm"]?.stringValue, forced: forced)
            basis = ExperimentBasis(bucket: value["bucket"]?.integerValue.map { Int($0) }, forcedArm: value["forcedArm"]?.stringValue)
        }
        var modules: [DeviceModule] = []
        for value in moduleValues {
            guard var module = module(value) else { return nil }
            if experiment?.arm != nil { module.experiment = experiment }
            modules.append(module)
        }
        var rejected: [DeviceRejection] = []
        for value in rejectedValues {
            guard let reason = value["reason"]?.stringValue, let code = value["code"]?.stringValue else { return nil }
            rejected.append(DeviceRejection(name: value["name"]?.stringValue, reason: reason, code: .init(rawValue: code)))
        }
        let device = DeviceManifest(
            appVersion: appVersion, publishedAt: publishedAt, developmentRegion: region,
            channel: root["channel"]?.stringValue, rollout: rollout, experiment: experiment, experimentBasis: basis,
            modules: modules, rejected: rejected,
            everyLocalization: everyLocalization, expires: expires)
        return InstalledState(device: device, etag: EntityTag.validated(root["etag"]?.stringValue), keyID: root["keyid"]?.stringValue)
    }

    private static func module(_ value: OrderedJSONValue) -> DeviceModule? {
        guard let name = value["name"]?.stringValue, PlainFileName.isValid(name),
              let localizations = value["localizations"]?.stringArrayValue
        else { return nil }
        let rolloutID = value["rolloutID"]?.stringValue
        let fromArm: Bool = if case .bool(true)? = value["fromArm"] { true } else { false }
        if let zip = file(value["full"]) {
            return DeviceModule(name: name, localizations: localizations, rolloutID: rolloutID, content: .full(zip), fromArm: fromArm)
        }
        guard let base = file(value["base"]), let named = value["slices"]?.members else { return nil }
        var slices: [String: PublishedFile] = [:]
        for member in named {
            guard let slice = file(member.value) else { return nil }
            slices[member.key] = slice
        }
        return DeviceModule(
            name: name, localizations: localizations, rolloutID: rolloutID, content: .sliced(base: base, slices: slices),
            fromArm: fromArm)
    }

    private static func file(_ value: OrderedJSONValue?) -> PublishedFile? {
        guard let value, let path = value["path"]?.stringValue, PlainFileName.isValid(path),
              let sha256 = value["sha256"]?.stringValue, LowercaseHex.isSHA256(sha256),
              let size = value["size"]?.integerValue, size >= 0
        else { return nil }
        return PublishedFile(path: path, sha256: sha256, size: size)
    }
}
