import Foundation
import OTALocalizations

/// A QA view of one device's over-the-air localizations: per module what is served and why, what is installed, the
/// anti-rollback marks, the crash-loop guard's quarantines and the last update cycles' reports.
///
/// From ``OTALocalizationService/diagnostics(modules:)`` in the app (and `ota-localizations status --json` from a
/// shell, under `"diagnostics"`). A value: reading it never changes anything. Its JSON (``exportJSON()``, key for key
/// in that order; `Codable` gives the same values, leaving out the nil ones) is
/// `{"formatVersion":1,"generatedAt":"<RFC 3339>","appVersion":string,"channel":string,"nextLaunchChannel":string|null,
/// "forcedExperimentArm":string|null,"servedAsOf":"thisProcess|nextLaunch","modules":[{"name":string,
/// "source":"overTheAir|embedded","embeddedReason":string|null,"installed":{"sha256":string,"folderSHA256":string,
/// "rolloutID":string|null,"experimentID":string|null,"arm":string|null,"forced":bool,
/// "localizations":[string],"publishedAt":string|null}|null}],"antiRollback":[{"channel":string,
/// "newestPublishedAt":string|null,"pulledThrough":string|null[,"lastFreshAt":string]}],"quarantines":[<quarantine>],
/// "quarantineInForce":<quarantine>|null,"cycleReports":[{"endedAt":"<RFC 3339>","appVersion":string,
/// "channel":string,"modulesOmitted":n,"report":<cycle report>}]}`, where `<quarantine>` is
/// ``OTALaunchQuarantine/jsonText()``'s object and `<cycle report>` ``OTALocalizationCycleReport/jsonText()``'s.
/// Lists are in the byte order of their names (modules, channels) or oldest first (quarantines, reports). New keys
/// may be added within `formatVersion` 1: readers ignore keys they do not know (`forcedExperimentArm` and a module's
/// `experimentID`, `arm` and `forced` came with copy experiments).
public struct OTALocalizationDiagnostics: Codable, Sendable, Equatable {
    /// The version of this shape: 1.
    public static let formatVersion = 1

    /// Which process's view ``Module/source`` and ``Module/embeddedReason`` give.
    public enum ServedAsOf: String, Codable, Sendable {
        /// What this process's read side serves since its last load (`OTALocalizedString.servedContent(for:)`).
        case thisProcess
        /// What a launch that loads now would serve, read from the files without counting a launch (the command-line
        /// tool, which has no session of its own).
        case nextLaunch
    }

    /// Where a module's text comes from.
    public enum Source: String, Codable, Sendable {
        /// An installed folder (`OTALocalizedString.bundle(for:)` returns it).
        case overTheAir
        /// The app's embedded strings, for ``Module/embeddedReason``.
        case embedded
    }

    /// One module: what is served and what is installed.
    public struct Module: Codable, Sendable, Equatable {
        /// The module's name.
        public var name: String
        /// Where its text comes from.
        public var source: Source
        /// For ``Source/embedded``, `OTALocalizedString.EmbeddedReason`'s `rawValue` (`notInstalled`, `quarantined`,
        /// `notVouched`, `languagesNotCovered`, `unreadable`, `cleared`, …); nil over the air.
        public var embeddedReason: String?
        /// What is installed for the module, served or not; nil when nothing is.
        public var installed: Installed?

        /// Creates a module entry.
        public init(name: String, source: Source, embeddedReason: String?, installed: Installed?) {
            self.name = name
            self.source = source
            self.embeddedReason = embeddedReason
            self.installed = installed
        }
    }

    /// The content installed for a module (its `current` folder).
    public struct Installed: Codable, Sendable, Equatable {
        /// The manifest entry's `sha256` (64 lowercase hex digits) of the publish the text came from
        /// (`OTALocalizedString.InstalledContent.sha256`).
        public var sha256: String
        /// The installed folder's SHA-256: ``sha256`` for a full ZIP, the slice record's for a folder assembled from
        /// slices.
        public var folderSHA256: String
        /// The staged rollout the content was installed for; nil for stable content.
        public var rolloutID: String?
        /// The copy experiment the content was installed under (`OTALocalizedString.InstalledContent.experimentID`);
        /// nil outside one.
        public var experimentID: String?
        /// The device's arm in ``experimentID`` (an arm's name or `control`); nil outside an experiment.
        public var arm: String?
        /// Whether a debug action forced ``arm``.
        public var forced: Bool
        /// The localizations the folder holds (`.lproj` names without the suffix, `Base` included), in byte order.
        public var localizations: [String]
        /// The `publishedAt` (RFC 3339) of the last complete cycle's manifest when its entry for the module is this
        /// content; nil when not known (a cycle that did not complete installed it, or the state is of another
        /// channel).
        public var publishedAt: String?

        /// Creates an installed-content entry.
        public init(
            sha256: String, folderSHA256: String, rolloutID: String?, localizations: [String], publishedAt: String?,
            experimentID: String? = nil, arm: String? = nil, forced: Bool = false
        ) {
            self.sha256 = sha256
            self.folderSHA256 = folderSHA256
            self.rolloutID = rolloutID
            self.experimentID = experimentID
            self.arm = arm
            self.forced = forced
            self.localizations = localizations
            self.publishedAt = publishedAt
        }

        private enum CodingKeys: String, CodingKey {
            case sha256, folderSHA256, rolloutID, experimentID, arm, forced, localizations, publishedAt
        }

        /// Decodes an entry; one written before copy experiments (no `forced`) reads as outside any experiment.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            sha256 = try container.decode(String.self, forKey: .sha256)
            folderSHA256 = try container.decode(String.self, forKey: .folderSHA256)
            rolloutID = try container.decodeIfPresent(String.self, forKey: .rolloutID)
            experimentID = try container.decodeIfPresent(String.self, forKey: .experimentID)
            arm = try container.decodeIfPresent(String.self, forKey: .arm)
            forced = try container.decodeIfPresent(Bool.self, forKey: .forced) ?? false
            localizations = try container.decode([String].self, forKey: .localizations)
            publishedAt = try container.decodeIfPresent(String.self, forKey: .publishedAt)
        }
    }

    /// One channel's anti-rollback mark (docs/signing.md): no manifest older than ``newestPublishedAt`` is installed,
    /// none at or before ``pulledThrough``.
    public struct ChannelMark: Codable, Sendable, Equatable {
        /// The channel (`production` for production).
        public var channel: String
        /// The newest `publishedAt` (RFC 3339) any module was installed from on the channel.
        public var newestPublishedAt: String?
        /// What the kill switch pulled on the channel (RFC 3339); nil when it never ran.
        public var pulledThrough: String?
        /// The last time (RFC 3339, device clock) the device held a fresh signed index of the channel
        /// (``OTALocalizationCycleReport/lastFreshAt``, as the freshness record holds it: up to a minute older); nil
        /// when none is recorded. Encoded only when set.
        public var lastFreshAt: String?

        /// Creates a mark.
        public init(channel: String, newestPublishedAt: String?, pulledThrough: String?, lastFreshAt: String? = nil) {
            self.channel = channel
            self.newestPublishedAt = newestPublishedAt
            self.pulledThrough = pulledThrough
            self.lastFreshAt = lastFreshAt
        }
    }

    /// One update cycle's report as the service kept it (docs/operations.md, "Storage on the device").
    public struct CycleEntry: Codable, Sendable, Equatable {
        /// When the cycle ended (RFC 3339, whole seconds, UTC).
        public var endedAt: String
        /// The app version the cycle ran for.
        public var appVersion: String
        /// The channel the cycle read (`production` for production).
        public var channel: String
        /// How many of the report's module entries were left out to keep the file within its byte cap (skipped ones
        /// first); the report's totals then count the kept entries only. Usually 0.
        public var modulesOmitted: Int
        /// The report the configuration's `reportHandler` received.
        public var report: OTALocalizationCycleReport

        /// Creates an entry.
        public init(endedAt: String, appVersion: String, channel: String, modulesOmitted: Int, report: OTALocalizationCycleReport) {
            self.endedAt = endedAt
            self.appVersion = appVersion
            self.channel = channel
            self.modulesOmitted = modulesOmitted
            self.report = report
        }
    }

    /// The shape's version (``formatVersion``).
    public var formatVersion: Int
    /// When the snapshot was taken (RFC 3339, whole seconds, UTC).
    public var generatedAt: String
    /// The app version it describes.
    public var appVersion: String
    /// The configured channel (`production` for production).
    public var channel: String
    /// The channel a debug action chose for the next launch (``OTALocalizationService/chooseChannelForNextLaunch(_:)``),
    /// `production` for production; nil when none was chosen.
    public var nextLaunchChannel: String?
    /// The copy-experiment arm a debug action forced (``OTALocalizationService/forceExperimentArm(_:)``); nil when none
    /// is. Cycles act on it only in a configuration that allows debug actions.
    public var forcedExperimentArm: String?
    /// Which view ``modules`` gives.
    public var servedAsOf: ServedAsOf
    /// Every module installed, asked for, or known to this process, in the byte order of their names.
    public var modules: [Module]
    /// The anti-rollback record's marks for this app version, in the byte order of the channels.
    public var antiRollback: [ChannelMark]
    /// Every quarantine record of this app version, oldest first (at most 32).
    public var quarantines: [OTALaunchQuarantine]
    /// The record whose content is installed now, when there is one: no module is served.
    public var quarantineInForce: OTALaunchQuarantine?
    /// The last update cycles' reports, oldest first (at most 20; fewer when they would pass 128 KiB).
    public var cycleReports: [CycleEntry]

    /// Creates a snapshot (for tests and previews of a QA screen; the service reads one with
    /// ``OTALocalizationService/diagnostics(modules:)``).
    public init(
        formatVersion: Int = OTALocalizationDiagnostics.formatVersion, generatedAt: String, appVersion: String, channel: String,
        nextLaunchChannel: String?, servedAsOf: ServedAsOf, modules: [Module], antiRollback: [ChannelMark],
        quarantines: [OTALaunchQuarantine], quarantineInForce: OTALaunchQuarantine?, cycleReports: [CycleEntry],
        forcedExperimentArm: String? = nil
    ) {
        self.formatVersion = formatVersion
        self.generatedAt = generatedAt
        self.appVersion = appVersion
        self.channel = channel
        self.nextLaunchChannel = nextLaunchChannel
        self.forcedExperimentArm = forcedExperimentArm
        self.servedAsOf = servedAsOf
        self.modules = modules
        self.antiRollback = antiRollback
        self.quarantines = quarantines
        self.quarantineInForce = quarantineInForce
        self.cycleReports = cycleReports
    }
}
