import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsSync
import OTALocalizationsTooling

/// `ota-localizations status`: what is installed per module, and whether the read side would hand it out.
enum StatusCommand: Command {
    static let name = "status"
    static let summary = "Show each installed module's folder, slices and whether it covers the languages"
    enum Option {
        static let json = CommandOption.flag("json", help: """
            Print {"modules":[{"name","folder","slices","available","covered",
            "installedContent":{"sha256","rolloutID"}}],"quarantined":{"since","launches",
            "publishedAt","modules"}|null,"diagnostics":{…}}; slices and available are null for a module
            installed from its full ZIP; installedContent is what
            OTALocalizedString.installedContent(for:) returns for analytics (sha256: the
            manifest entry's, the same on every device; rolloutID or null); quarantined is
            the crash-loop guard's record whose content is installed, in force: then no
            module is served, covered or not (docs/operations.md, "Crash loops");
            diagnostics is the app's QA snapshot, OTALocalizationDiagnostics, as a launch
            now would serve (docs/operations.md, "A QA snapshot").
            """)
    }
    static let options = [StorageRootArguments.into, StorageRootArguments.appVersion, LanguagesArgument.option, Option.json]
    static let help = """
        OVERVIEW: Show what is installed for one app version, per module, and whether the read side
        (OTALocalizedString.loadBundlesFromDisk) would hand out its bundle for these languages.

        USAGE: ota-localizations status --into <storage root> --app-version <version> [--languages <list>] [--json]

        A module installed from slices holds base and some localizations. When the languages would choose one it
        does not hold (the user switched language), it is not covered: the read side leaves it out, so the app's
        embedded bundle serves it until the next sync installs the missing slice. Reads only.

        OPTIONS:
        \(CommandOption.helpText(options, column: 28))

        EXIT STATUS: 0 printed (also when nothing is installed), 2 usage error.
        """

    static func run(_ arguments: [String]) -> Output.Status {
        run(arguments, reporting: ErrorReporting(json: true, everyErrorIsUsage: true)) { args in
            let layout: OTAStorageLayout
            let selection: OTALocalizationSelection
            let json: Bool
            layout = try StorageRootArguments.layout(args)
            selection = try LanguagesArgument.selection(args.value(LanguagesArgument.option), absent: .device)
            json = args.flag(Option.json)
            let modules = InstalledModuleStatus.read(layout, selection: selection)
            let quarantine = OTALocalizedString.launchQuarantine(storageRoot: layout.storageRoot, appVersion: layout.appVersion)
            if json {
                let diagnostics = OTALocalizationDiagnostics.read(
                    layout: layout, channel: .none, servedAsOf: .nextLaunch, selection: selection)
                Output.out(jsonText(modules, quarantine: quarantine, diagnostics: diagnostics))
                return .success
            }
            if let quarantine {
                Output.out("Quarantined since \(quarantine.sinceText) after \(quarantine.launches) unconfirmed launches: the installed "
                    + "content (published \(quarantine.publishedAt ?? "at an unknown time")) is not served; every module is embedded")
            }
            if modules.isEmpty {
                Output.out("No module installed under \(layout.modulesFolder.path)")
                return .success
            }
            let width = modules.map(\.name.count).max() ?? 0
            for module in modules {
                let holds = module.slices.map { "slices " + $0.joined(separator: ",") } ?? "full ZIP"
                let state = quarantine != nil ? "quarantined" : module.covered ? "covered    " : "not covered"
                Output.out("  " + Output.padded(module.name, width) + "  " + state + "  \(identity(module))  \(holds)")
            }
            return .success
        }
    }

    /// `sha256 <16 digits>`: the manifest entry's, as `promote` and `verify` print it; then `folder <16 digits>` when
    /// the installed folder's name differs (a folder assembled from slices).
    private static func identity(_ module: InstalledModuleStatus) -> String {
        guard let content = module.installedContent else { return "folder \(module.folder.prefix(16))" }
        return "sha256 \(content.sha256.prefix(16))" + (content.folderSHA256 == content.sha256 ? "" : "  folder \(module.folder.prefix(16))")
    }

    static func jsonText(
        _ modules: [InstalledModuleStatus], quarantine: OTALaunchQuarantine?, diagnostics: OTALocalizationDiagnostics
    ) -> String {
        func list(_ names: [String]?) -> String {
            names.map { "[" + $0.map(JSONText.quoted).joined(separator: ",") + "]" } ?? "null"
        }
        func content(_ content: OTALocalizedString.InstalledContent?) -> String {
            guard let content else { return "null" }
            return "{\"sha256\":\(JSONText.quoted(content.sha256)),\"rolloutID\":\(content.rolloutID.map(JSONText.quoted) ?? "null")}"
        }
        let entries = modules.map {
            "{\"name\":\(JSONText.quoted($0.name)),\"folder\":\(JSONText.quoted($0.folder)),\"slices\":\(list($0.slices)),"
                + "\"available\":\(list($0.available)),\"covered\":\($0.covered),\"installedContent\":\(content($0.installedContent))}"
        }
        return "{\"modules\":[" + entries.joined(separator: ",") + "],\"quarantined\":\(quarantine?.jsonText() ?? "null")"
            + ",\"diagnostics\":\(diagnostics.exportJSON())}"
    }
}
