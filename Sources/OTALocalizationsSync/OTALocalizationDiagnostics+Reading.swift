import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsNames

extension OTALocalizationDiagnostics {
    /// Reads the snapshot of `configuration`'s app version and storage root: `servedAsOf` says whether the modules'
    /// sources are this process's read side's or what a launch would serve now. `modules` names modules to list even
    /// when nothing is installed for them (the app's own modules). Reads small files only; writes nothing. A
    /// configuration that does not allow debug actions reports no forced arm: its cycles ignore the file.
    package static func read(
        configuration: OTALocalizationServiceConfiguration, servedAsOf: ServedAsOf, modules extraNames: [String] = [],
        now: Date = Date()
    ) -> OTALocalizationDiagnostics {
        var snapshot = read(
            layout: configuration.layout, channel: .some(configuration.channel), servedAsOf: servedAsOf,
            selection: configuration.localizationSelection, trustedKeyIDs: Set(configuration.trustedKeys.map(\.keyID)),
            maximumUnconfirmedLaunches: configuration.maximumUnconfirmedLaunches,
            maximumContentAgeSeconds: configuration.trustedKeys.isEmpty ? nil : configuration.maximumContentAgeSeconds,
            modules: extraNames, now: now)
        if !configuration.allowsDebugActions { snapshot.forcedExperimentArm = nil }
        return snapshot
    }

    /// Reads the snapshot of `layout`. `channel` is the configured one (`.some(nil)`: production), or `.none` when it
    /// is not known (a shell): then the stored state's channel is reported.
    package static func read(
        layout: OTAStorageLayout, channel configured: String??, servedAsOf: ServedAsOf, selection: OTALocalizationSelection,
        trustedKeyIDs: Set<String> = [], maximumUnconfirmedLaunches: Int? = OTALocalizedString.defaultMaximumUnconfirmedLaunches,
        maximumContentAgeSeconds: TimeInterval? = nil, modules extraNames: [String] = [], now: Date = Date()
    ) -> OTALocalizationDiagnostics {
        let root = layout.storageRoot
        let version = layout.appVersion
        let nextLaunch: [String: OTALocalizedString.ServedContent] = servedAsOf == .nextLaunch
            ? OTALocalizedString.servedAtNextLaunch(
                storageRoot: root, appVersion: version, selection: selection, trustedKeyIDs: trustedKeyIDs,
                maximumUnconfirmedLaunches: maximumUnconfirmedLaunches, maximumContentAgeSeconds: maximumContentAgeSeconds,
                channel: configured ?? nil, now: now)
            : [:]
        let installedNames = layout.hasUsableAppVersion ? Array(BundleDiskLoader.installedContent(layout).keys) : []
        let names = UTF8ByteOrder.sorted(Array(Set(installedNames + extraNames + Array(nextLaunch.keys))))
        let stored = layout.hasUsableAppVersion ? InstalledState.load(layout)?.device : nil
        let channel = configured ?? stored?.channel
        let state = stored.flatMap { $0.channel == channel ? $0 : nil }
        let modules = names.map { name -> Module in
            let served = servedAsOf == .thisProcess
                ? OTALocalizedString.servedContent(for: name) : nextLaunch[name] ?? .embedded(.notInstalled)
            let installed = OTALocalizedString.installedContent(for: name, storageRoot: root, appVersion: version)
                .map { Self.installed($0, module: name, layout: layout, state: state) }
            switch served {
            case .overTheAir: return Module(name: name, source: .overTheAir, embeddedReason: nil, installed: installed)
            case .embedded(let reason): return Module(name: name, source: .embedded, embeddedReason: reason.rawValue, installed: installed)
            }
        }
        let record = AntiRollbackMark.load(layout)
        let fresh = SmallFile.read(layout.freshnessFile.path, maximumBytes: 64 * 1024)
            .flatMap { OTAStorageLayout.parseFreshness($0, appVersion: version) } ?? [:]
        let marks = UTF8ByteOrder.sorted(Array(Set(record.marks.keys).union(record.pulled.keys).union(fresh.keys))).map {
            OTALocalizationDiagnostics.ChannelMark(
                channel: $0, newestPublishedAt: record.marks[$0].map(ManifestDate.format),
                pulledThrough: record.pulled[$0].map(ManifestDate.format), lastFreshAt: fresh[$0].map(ManifestDate.format))
        }
        return OTALocalizationDiagnostics(
            formatVersion: formatVersion,
            generatedAt: ManifestDate.format(Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))),
            appVersion: version, channel: channel ?? ManifestChannel.production,
            nextLaunchChannel: NextLaunchChannel.read(storageRoot: root), servedAsOf: servedAsOf, modules: modules,
            antiRollback: marks, quarantines: OTALocalizedString.launchQuarantines(storageRoot: root, appVersion: version),
            quarantineInForce: OTALocalizedString.launchQuarantine(storageRoot: root, appVersion: version),
            cycleReports: CycleReportHistory.load(storageRoot: root), forcedExperimentArm: ForcedExperimentArm.read(layout))
    }

    /// The installed entry of `module`: its localizations from the folder (the slice record, else its `.lproj`
    /// folders), and `publishedAt` when the stored state's entry for it is this content.
    private static func installed(
        _ content: OTALocalizedString.InstalledContent, module: String, layout: OTAStorageLayout, state: DeviceManifest?
    ) -> Installed {
        let folder = layout.activeInstallFolder(module: module)
        let slices = folder.flatMap {
            SmallFile.read($0.appendingPathComponent(SliceRecord.fileName).path, maximumBytes: SliceRecord.maximumBytes)
        }.flatMap(SliceRecord.init(parsing:))
        let localizations: [String]
        if let slices {
            localizations = slices.installed
        } else {
            let names = folder.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) } ?? []
            localizations = names.filter { $0.hasSuffix(".lproj") }.map { String($0.dropLast(".lproj".count)) }
        }
        var publishedAt: String?
        if let state, let entry = state.modules.first(where: { $0.name == module }) {
            let same: Bool
            switch entry.content {
            case .full(let zip): same = slices == nil && zip.sha256 == content.folderSHA256
            case .sliced(let base, _): same = slices?.baseSHA256 == base.sha256
            }
            if same { publishedAt = ManifestDate.format(state.publishedAt) }
        }
        return Installed(
            sha256: content.sha256, folderSHA256: content.folderSHA256, rolloutID: content.rolloutID,
            localizations: UTF8ByteOrder.sorted(localizations), publishedAt: publishedAt,
            experimentID: content.experimentID, arm: content.arm, forced: content.armForced)
    }
}
