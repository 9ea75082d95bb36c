import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager
import OTALocalizationsCatalogs

/// `ota-localizations modules`: lists what `package` would publish, writing nothing.
enum ModulesCommand: Command {
    static let name = "modules"
    static let summary = "List the modules, folders, localizations and tables that would be packaged"
    enum Option {
        static let config = CommandOption.value(
            "config", "<file>", help: "Configuration file (default: <repo-root>/ota-localizations.json if present).")
        static let json = CommandOption.flag("json", help: """
            Print one JSON object on stdout; also when the run cannot start or fails:
            {"error": {"code", "message"}}.
            """)
    }
    static let options = [Option.config, Option.json]
    static let help = """
        OVERVIEW: List what 'package' would publish: each module with the rule that named it, its folders,
        localizations, tables and files, and every file that would be skipped, with the reason. Tables are read only
        to find those skipped for what they hold (Interface Builder or intent definition keys, no key at all);
        nothing is written. A module whose source folder has an Info.plist declaring NSExtension is an app
        extension: its line says that the downloaded strings reach it only through an App Group storage root
        (docs/integration.md, "App extensions"); in JSON, "appExtensionInfoPlist" is that file, else null.

        USAGE: ota-localizations modules <repo-root> [--config <file>] [--json]

        OPTIONS:
        \(CommandOption.helpText(options, column: 20))

        EXIT STATUS: 0 success, 1 bad input (a name collision, a missing folder), 2 usage error.
        """

    static func run(_ arguments: [String]) -> Output.Status {
        run(arguments, reporting: ErrorReporting(json: true)) { args in
            let root = URL(fileURLWithPath: try args.onePositional("repo-root"))
            let configuration = try PackagerConfiguration.load(
                repositoryRoot: root, explicitFile: args.value(Option.config).map { URL(fileURLWithPath: $0) }
            )
            let discovered = try ModuleDiscovery.discover(repositoryRoot: root, configuration: configuration)
            let load = try TableLoader.loadAll(discovered.modules)
            let result = DiscoveryResult(
                repositoryRoot: discovered.repositoryRoot, configuration: discovered.configuration,
                modules: load.modules.map(\.module),
                skipped: (discovered.skipped + load.skipped).sorted { $0.path < $1.path })
            Output.out(args.flag(Option.json) ? json(result) : summary(result))
            return .success
        }
    }

    /// The module's localizations: its `.lproj` names plus the languages of its String Catalogs (read, not compiled),
    /// without private-use languages, which are never published.
    static func localizations(of module: DiscoveredModule) -> [String] {
        var names = Set(module.localizations)
        for catalog in module.catalogs {
            guard let data = try? Data(contentsOf: catalog.url),
                  let parsed = try? StringCatalog(bytes: data, path: catalog.relativePath) else { continue }
            names.formUnion(parsed.languages.filter { !ModuleDiscovery.isPrivateUse(localization: $0) })
        }
        return names.sorted()
    }

    static func summary(_ result: DiscoveryResult) -> String {
        var lines: [String] = []
        for module in result.modules {
            lines.append("\(module.name) (\(module.rule)\(module.ruleDetail.isEmpty ? "" : ": \(module.ruleDetail)"))")
            lines.append("  folders:        \(module.folders.map { $0.isEmpty ? "." : $0 }.joined(separator: ", "))")
            lines.append("  localizations:  \(localizations(of: module).joined(separator: ", "))")
            lines.append("  tables:         \(module.tableFileNames.joined(separator: ", "))")
            lines.append("  files:          \(module.tables.count + module.catalogs.count)")
            if let warning = warning(for: module) { lines.append("  warning:        \(warning)") }
            if let plist = module.appExtensionInfoPlist(repositoryRoot: result.repositoryRoot) {
                lines.append("  app extension:  \(plist) declares NSExtension: the downloaded strings reach it only through an App "
                    + "Group storage root (docs/integration.md, \"App extensions\")")
            }
        }
        let tables = result.modules.reduce(0) { $0 + $1.tables.count }
        let catalogs = result.modules.reduce(0) { $0 + $1.catalogs.count }
        var total = "\(Output.count(result.modules.count, "module")), \(Output.count(tables, "table"))"
        if catalogs > 0 { total += ", \(Output.count(catalogs, "String Catalog"))" }
        lines.append(total + ".")
        if !result.skipped.isEmpty {
            lines.append("Skipped \(result.skipped.count) file\(result.skipped.count == 1 ? "" : "s") (not published):")
            lines += SkippedText.lines(result.skipped)
        }
        return lines.joined(separator: "\n")
    }

    /// Why the module's name cannot be trusted (it is the checkout folder's), or nil.
    static func warning(for module: DiscoveredModule) -> String? {
        guard module.rule == ModuleNamingRule.repositoryFolderRule else { return nil }
        return ModuleNamingRule.checkoutFolderAdvice(module: module.name, folders: module.folders)
            + "; 'validate' and 'package' stop until it is named"
    }

    static func json(_ result: DiscoveryResult) -> String {
        func list(_ items: [String]) -> String { "[" + items.map(JSONText.quoted).joined(separator: ",") + "]" }
        let modules = result.modules.map { module in
            "{\"name\":\(JSONText.quoted(module.name)),\"rule\":\(JSONText.quoted(module.rule)),"
                + "\"ruleDetail\":\(JSONText.quoted(module.ruleDetail)),"
                + "\"folders\":\(list(module.folders)),\"localizations\":\(list(localizations(of: module))),"
                + "\"tables\":\(list(module.tableFileNames)),"
                + "\"files\":\(list(module.tables.map(\.relativePath) + module.catalogs.map(\.relativePath))),"
                + "\"warning\":\(warning(for: module).map(JSONText.quoted) ?? "null"),"
                + "\"appExtensionInfoPlist\":\(module.appExtensionInfoPlist(repositoryRoot: result.repositoryRoot).map(JSONText.quoted) ?? "null")}"
        }
        let skipped = result.skipped.map {
            "{\"path\":\(JSONText.quoted($0.path)),\"code\":\(JSONText.quoted($0.code.rawValue)),\"reason\":\(JSONText.quoted($0.reason))}"
        }
        return "{\"modules\":[\(modules.joined(separator: ","))],\"skipped\":[\(skipped.joined(separator: ","))]}"
    }
}
