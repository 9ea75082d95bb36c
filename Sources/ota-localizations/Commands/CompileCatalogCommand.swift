import Foundation
import OTALocalizationsPackager
import OTALocalizationsCatalogs

/// `ota-localizations compile-catalog`: writes the `.lproj` tables a String Catalog compiles to.
enum CompileCatalogCommand: Command {
    static let name = "compile-catalog"
    static let summary = "Compile a String Catalog (.xcstrings) to the .lproj tables Xcode would build"
    enum Option {
        static let output = CommandOption.value("output", "<dir>", help: "Folder to write the .lproj folders into (created if needed).")
        static let format = CommandOption.value("format", "<xml|binary>", default: CatalogTableFormat.xml.rawValue) {
            "Property-list serialization of the tables (default \($0), as Xcode's text output)."
        }
    }
    static let options = [Option.output, Option.format]
    static let help = """
        OVERVIEW: Compile a String Catalog to <dir>/<language>.lproj/<Table>.strings and .stringsdict, the tables
        Xcode builds into the app (docs/string-catalogs.md), so you can inspect or diff them.

        USAGE: ota-localizations compile-catalog <file.xcstrings> --output <dir> [--format xml|binary]

        OPTIONS:
        \(CommandOption.helpText(options, column: 28))

        EXIT STATUS: 0 success, 1 the catalog is not valid (the error names the line and column), 2 usage error.
        """

    static func run(_ arguments: [String]) -> Output.Status {
        run(arguments) { args in
            let file: URL
            let output: URL
            let format: CatalogTableFormat
            file = URL(fileURLWithPath: try args.onePositional("file.xcstrings"))
            output = URL(fileURLWithPath: try args.required(Option.output))
            guard let chosen = CatalogTableFormat(rawValue: args.valueOrDefault(Option.format)) else {
                throw UsageError(message: "--format must be xml or binary")
            }
            format = chosen
            do {
                let path = file.path
                let data: Data
                do {
                    data = try Data(contentsOf: file)
                } catch {
                    Output.err("error: \(path): cannot be read")
                    return .failure
                }
                let tableName = file.deletingPathExtension().lastPathComponent
                let catalog = try StringCatalog(bytes: data, path: path)
                let tables = try StringCatalogCompiler.compile(catalog, tableName: tableName, format: format)
                var written = 0
                for table in tables {
                    for case let (relative, bytes?) in [(table.stringsPath, table.strings), (table.stringsDictPath, table.stringsDict)] {
                        let destination = output.appendingPathComponent(relative)
                        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                        try bytes.write(to: destination)
                        Output.out(relative)
                        written += 1
                    }
                }
                Output.err("Compiled \(tableName) (\(catalog.languages.count) languages) into \(written) table\(written == 1 ? "" : "s").")
                return .success
            } catch {
                Output.err("error: \(error)")
                return .failure
            }
        }
    }
}
