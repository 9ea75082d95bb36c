import Foundation
import OTALocalizationsPackager

/// `ota-localizations scaffold-module`: writes a new feature module's localization boilerplate.
enum ScaffoldModuleCommand: Command {
    static let name = "scaffold-module"
    static let summary = "Write a new module's localizationBundle, strings helper and SwiftLint rules"
    enum Option {
        static let output = CommandOption.value("output", "<dir>", default: ".") { _ in
            "The module's source folder, created when missing (default: the current folder)."
        }
        static let fallback = CommandOption.value(
            "fallback", "<module|main>", default: ModuleTemplate.Fallback.module.rawValue, layout: .ownLine
        ) { """
            The embedded bundle to fall back to: \($0) (default) for a SwiftPM target, main
            for an Xcode app or app extension target, which has no Bundle.module.
            """
        }
    }
    static let options = [Option.output, Option.fallback]
    static let help = """
        OVERVIEW: Write the localization boilerplate of a new feature module: the one-line localizationBundle
        extension (its over-the-air bundle, else the embedded one), a <Identifier>Strings helper whose lookups always
        pass bundle: .localizationBundle (with an optional value: for English kept in code), and a .swiftlint.yml
        whose custom rules flag lookups without a bundle or in .module/.main. Existing files are never replaced, and
        a module whose Swift files already declare localizationBundle (in an extension Bundle) or the helper type gets
        nothing: it has the boilerplate. Generated accessors that would still read the embedded bundle (SwiftGen's
        output or a swiftgen.yml in the folder or above it without the bundle param, R.swift's, Xcode's String
        Catalog symbols) are listed after the files, each with its fix. Details: docs/source-linting.md.

        USAGE: ota-localizations scaffold-module <name> [--output <dir>] [--fallback <module|main>]

        ARGUMENTS:
          <name>                  The module's name as 'ota-localizations modules' lists it (by default the SwiftPM
                                  target's name, or the folder of an Xcode target: "Widget Extension"). The helper's
                                  name is its Swift identifier (WidgetExtensionStrings).

        OPTIONS:
        \(CommandOption.helpText(options, column: 26))

        EXIT STATUS: 0 written, 1 a file already exists or the boilerplate is already declared (nothing is written)
        or a file cannot be written, 2 usage error
        (or a name the packager would not publish).
        """

    static func run(_ arguments: [String]) -> Output.Status {
        run(arguments) { args in
            let (template, folder) = try CommandFailure.asUsage { () throws -> (ModuleTemplate, URL) in
                let fallbackName = args.valueOrDefault(Option.fallback)
                guard let fallback = ModuleTemplate.Fallback(rawValue: fallbackName) else {
                    throw UsageError(message: "--fallback must be module or main, not '\(fallbackName)'")
                }
                let template = try ModuleTemplate(moduleName: try args.onePositional("name"), fallback: fallback)
                return (template, URL(fileURLWithPath: args.valueOrDefault(Option.output), isDirectory: true))
            }
            for url in try template.write(into: folder) {
                Output.out("Wrote \(url.relativePath)")
            }
            Output.out("Pass bundle: .localizationBundle (or use \(template.identifier)Strings) in every lookup of the module.")
            for line in GeneratedAccessorAdvice.lines(GeneratedAccessorAdvice.findings(for: folder)) { Output.out(line) }
            return .success
        }
    }
}
