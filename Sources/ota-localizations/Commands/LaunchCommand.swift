import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsSync
import OTALocalizationsTooling

/// `ota-localizations launch`: what an app's launch does with the installed bundles, crash-loop guard included.
enum LaunchCommand: Command {
    static let name = "launch"
    static let summary = "Load the installed bundles as an app's launch does, counting the attempt"
    enum Option {
        static let uncounted = CommandOption.flag("uncounted", help: """
            Load as a launch in the background or an app extension does (countsLaunch
            false): a quarantine is honoured, nothing is counted.
            """)
        static let confirm = CommandOption.flag("confirm", help: "Confirm the launch after loading.")
        static let json = CommandOption.flag("json", help: """
            Print {"modules":[{"name","folder","overTheAir"}],"unconfirmedLaunches":n,
            "confirmed":bool,"quarantined":{"since","launches","publishedAt","modules"}|null}
            (quarantined: the record whose content is installed, in force).
            """)
    }
    static let options = [
        StorageRootArguments.into, StorageRootArguments.appVersion, LanguagesArgument.option, Option.uncounted, Option.confirm,
        Option.json,
    ]
    static let help = """
        OVERVIEW: Do what an app's launch does (OTALocalizedString.loadBundlesFromDisk): load the installed
        bundles, print per module whether it is served over the air or by the app's embedded strings, and count
        the launch attempt for the crash-loop guard. With --confirm, also do what the app does once its first screen
        has shown (OTALocalizedString.confirmLaunch): the count starts again at 0.

        USAGE: ota-localizations launch --into <storage root> --app-version <version> [--languages <list>]
                                        [--uncounted] [--confirm] [--json]

        After 2 unconfirmed launches in a row of the same installed content, the next launch serves every
        module's embedded strings and records a quarantine (docs/operations.md, "Crash loops"); the service does
        not install that content again. A newer publish is served and counted afresh; deleting every bundle keeps
        the quarantine records. ActivePrewarm=1 in the environment is an iOS app's prewarm: the launch then counts
        only when the app becomes active, which a shell never does.

        OPTIONS:
        \(CommandOption.helpText(options, column: 28))

        EXIT STATUS: 0 loaded (also when every module is embedded), 2 usage error.
        """

    static func run(_ arguments: [String]) -> Output.Status {
        run(arguments, reporting: ErrorReporting(json: true, everyErrorIsUsage: true)) { args in
            let layout: OTAStorageLayout
            let selection: OTALocalizationSelection
            let confirm: Bool
            let counts: Bool
            let json: Bool
            layout = try StorageRootArguments.layout(args)
            selection = try LanguagesArgument.selection(args.value(LanguagesArgument.option), absent: .device)
            confirm = args.flag(Option.confirm)
            counts = !args.flag(Option.uncounted)
            json = args.flag(Option.json)
            let served: [(module: InstalledModuleStatus, overTheAir: Bool)] = MainActor.assumeIsolated {
                OTALocalizedString.loadBundlesFromDisk(
                    storageRoot: layout.storageRoot, appVersion: layout.appVersion, selection: selection, countsLaunch: counts)
                let served = InstalledModuleStatus.read(layout, selection: selection).map { ($0, OTALocalizedString.bundle(for: $0.name) != nil) }
                if confirm { OTALocalizedString.confirmLaunch(storageRoot: layout.storageRoot, appVersion: layout.appVersion) }
                return served
            }
            let count = OTALocalizedString.unconfirmedLaunches(storageRoot: layout.storageRoot, appVersion: layout.appVersion)
            let quarantine = OTALocalizedString.launchQuarantine(storageRoot: layout.storageRoot, appVersion: layout.appVersion)
            if json {
                let modules = served.map {
                    "{\"name\":\(JSONText.quoted($0.module.name)),\"folder\":\(JSONText.quoted($0.module.folder)),\"overTheAir\":\($0.overTheAir)}"
                }
                Output.out("{\"modules\":[\(modules.joined(separator: ","))],\"unconfirmedLaunches\":\(count),\"confirmed\":\(confirm && count == 0),"
                    + "\"quarantined\":\(quarantine?.jsonText() ?? "null")}")
                return .success
            }
            if served.isEmpty { Output.out("No module installed under \(layout.modulesFolder.path): every module is embedded") }
            let width = served.map(\.module.name.count).max() ?? 0
            for (module, overTheAir) in served {
                Output.out("  " + Output.padded(module.name, width) + "  " + (overTheAir ? "over the air" : "embedded    ")
                    + "  \(module.folder.prefix(16))")
            }
            if let quarantine {
                Output.out("Quarantined since \(quarantine.sinceText) after \(quarantine.launches) unconfirmed launches: the installed "
                    + "content (published \(quarantine.publishedAt ?? "at an unknown time")) is not served; every module is embedded")
            }
            let servedAny = served.contains { $0.overTheAir }
            if confirm, count > 0 {
                Output.out("Not confirmed: \(count) unconfirmed launches (this launch was refused at the limit, or not counted)")
            } else if confirm {
                Output.out("Launch confirmed: 0 unconfirmed launches" + (servedAny ? "" : " (nothing was served over the air)"))
            } else {
                Output.out("Unconfirmed launches: \(count)" + (counts ? " (run with --confirm to confirm)" : " (this launch was not counted)"))
            }
            return .success
        }
    }
}
