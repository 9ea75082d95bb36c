import Foundation

/// Finds string lookups in Swift sources that bypass a module's over-the-air bundle.
///
/// A module that looks its strings up in `Bundle.main` or its embedded `Bundle.module` never sees an
/// over-the-air update; it must pass its `localizationBundle` (the one-line extension in
/// `docs/source-linting.md`). The checks work on tokens, not on text: string literals (single-line,
/// multi-line, raw), comments (`//`, nested `/* */`) and regex literals are skipped, and a call's arguments
/// are read at its own parenthesis level, so `comment: "bundle: x"` or `f(bundle: x)` inside a call never
/// passes for the call's own `bundle:`. The rules are ``SourceLintRule``'s constants. Generated accessors (SwiftGen,
/// R.swift, Xcode's String Catalog symbols) are reported once per generated file or setting, at its lookup line, and
/// `swiftgen.yml` and `project.pbxproj` are read for the generators' settings. Preview code (`#Preview`,
/// `PreviewProvider` types) is not checked.
///
/// Findings are silenced by `// ota-localizations:disable-next-line` on the line before the call, or
/// `// ota-localizations:disable-line` on the call's line (the line its name is on, or the line reported).
///
/// All functions are pure or read files only; they are safe to call from any thread.
public enum SourceLinter {
    /// Folder names never descended into: build products and dependency checkouts (hidden folders are skipped too).
    public static let skippedFolderNames: Set<String> = [".build", "Pods", "Carthage", "DerivedData"]

    /// Checks one file's text.
    ///
    /// - Parameters:
    ///   - source: the Swift source text.
    ///   - path: the path to report in each finding's ``SourceLintFinding/file``.
    ///   - lookupFunctions: the project's own lookup functions and macros (`L`, `tr`, `#localized`): a call of one
    ///     that passes `bundle: .module` or `bundle: .main` (or `Bundle.module`, `Bundle.main`, `nil`, `Bundle(for:)`)
    ///     is reported like the same argument of `NSLocalizedString`; a call without `bundle:` is not (its default is
    ///     unknown).
    /// - Returns: the findings, sorted by line, then column.
    public static func lint(source: String, path: String, lookupFunctions: Set<String> = []) -> [SourceLintFinding] {
        var lexer = SwiftLexer(source)
        let tokens = lexer.tokenize()
        let directives = LintDirectives(comments: lexer.lineComments)
        let fileName = String(path.split(separator: "/").last ?? "")
        let generated = GeneratedAccessorScanner(tokens: tokens, fileName: fileName).hits()
        // A generated file's own lookup line is reported once, by its generator's rule.
        let generatedLines = Set(generated.map(\.line))
        let calls = LookupCallScanner(tokens: tokens, lookupFunctions: lookupFunctions).hits()
            .filter { !generatedLines.contains($0.callLine) }
        var findings = (calls + generated).filter { !directives.silences($0) }.map {
            SourceLintFinding(file: path, line: $0.line, column: $0.column, rule: $0.rule, message: $0.message)
        }
        findings += directives.unknown.map {
            SourceLintFinding(
                file: path, line: $0.line, column: $0.column, rule: .unknownDirective,
                message: "unknown directive; the supported ones are // ota-localizations:disable-next-line "
                    + "and // ota-localizations:disable-line"
            )
        }
        return findings.sorted { ($0.line, $0.column, $0.rule.rawValue) < ($1.line, $1.column, $1.rule.rawValue) }
    }

    /// Checks a generator's configuration: `swiftgen.yml` (`swiftgen-bundle`) or `project.pbxproj`
    /// (`string-catalog-symbols`), named by the last component of `path`; any other name has no findings.
    ///
    /// - Returns: the findings, sorted by line. Directives are not read: these files are rewritten by tools, so a
    ///   finding that stays is recorded in a baseline (`--write-baseline`).
    public static func lint(configuration text: String, path: String) -> [SourceLintFinding] {
        let name = String(path.split(separator: "/").last ?? "")
        guard GeneratorConfigScanner.isConfiguration(named: name) else { return [] }
        return GeneratorConfigScanner.hits(in: text, named: name).map {
            SourceLintFinding(file: path, line: $0.line, column: $0.column, rule: $0.rule, message: $0.message)
        }
    }

    /// Checks every file at `paths` (see ``sourceFiles(at:)``): Swift files, `swiftgen.yml` and `project.pbxproj`.
    ///
    /// - Returns: the findings, file by file in the order ``swiftFiles(at:)`` lists them, each file's sorted by
    ///   line and column. A file is reported by its URL's `relativePath`: the path as given, joined with the path
    ///   below a folder.
    /// - Throws: ``SourceLintError`` `missing-path` when a path is neither a file nor a folder, `unreadable` when
    ///   a file cannot be read. Text that is not valid UTF-8 is read with replacement characters.
    public static func lint(paths: [URL], lookupFunctions: Set<String> = []) throws -> [SourceLintFinding] {
        try sourceFiles(at: paths).flatMap { file in
            let data: Data
            do {
                data = try Data(contentsOf: file)
            } catch {
                throw SourceLintError(
                    code: .unreadable, reason: "cannot read \(file.relativePath): \(error.localizedDescription)",
                    path: file.relativePath
                )
            }
            let text = String(decoding: data, as: UTF8.self)
            if GeneratorConfigScanner.isConfiguration(named: file.lastPathComponent) {
                return lint(configuration: text, path: file.relativePath)
            }
            return lint(source: text, path: file.relativePath, lookupFunctions: lookupFunctions)
        }
    }

    /// The Swift files at `paths`: each path that is a `.swift` file, and every `.swift` file below each folder.
    ///
    /// Folders are walked in byte order of their names; hidden folders (a name starting with `.`) and
    /// ``skippedFolderNames`` are skipped, and symbolic links to folders found inside them are not followed.
    /// A folder given directly is walked even when its own name would be skipped. A given file whose name does
    /// not end in `.swift` is ignored, so a list of changed files can be passed as it is.
    ///
    /// - Throws: ``SourceLintError`` `missing-path` when a path is neither a file nor a folder.
    public static func swiftFiles(at paths: [URL]) throws -> [URL] {
        try sourceFiles(at: paths).filter { $0.lastPathComponent.hasSuffix(".swift") }
    }

    /// The files `lint(paths:)` reads at `paths`: those of ``swiftFiles(at:)`` and, walked and given alike, every
    /// `swiftgen.yml` (or `swiftgen.yaml`) and `project.pbxproj` (found inside `.xcodeproj` folders), in walk order.
    ///
    /// - Throws: ``SourceLintError`` `missing-path` when a path is neither a file nor a folder.
    public static func sourceFiles(at paths: [URL]) throws -> [URL] {
        var result: [URL] = []
        for path in paths {
            // A path given directly may be a symbolic link to a folder; links met while walking are not followed.
            switch SourcePathKind(path.path, followingFolderLinks: true) {
            case .file:
                if isLinted(path.lastPathComponent) { result.append(path) }
            case .directory:
                collectSwiftFiles(in: path, into: &result)
            case .other:
                throw SourceLintError(
                    code: .missingPath, reason: "no such file or folder: \(path.relativePath)", path: path.relativePath
                )
            }
        }
        return result
    }

    private static func isLinted(_ name: String) -> Bool {
        name.hasSuffix(".swift") || GeneratorConfigScanner.isConfiguration(named: name)
    }

    private static func collectSwiftFiles(in folder: URL, into result: inout [URL]) {
        for name in SourcePathKind.sortedChildren(of: folder) {
            let child = folder.appendingPathComponent(name)
            switch SourcePathKind(child.path) {
            case .file where isLinted(name):
                result.append(child)
            case .directory where !name.hasPrefix(".") && !skippedFolderNames.contains(name):
                collectSwiftFiles(in: child, into: &result)
            default:
                continue
            }
        }
    }
}
