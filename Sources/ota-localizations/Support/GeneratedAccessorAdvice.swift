import Foundation
import OTALocalizationsSourceLint

/// What `scaffold-module` says of a module's generated string accessors: the `lint-sources` findings of the
/// generator rules (SwiftGen, R.swift, Xcode's String Catalog symbols) in the module's folder and in the
/// `swiftgen.yml` of each folder above it, each with its one-place fix (docs/integration.md, "Generated accessors").
enum GeneratedAccessorAdvice {
    static let rules: Set<SourceLintRule> = [.swiftGenBundle, .rSwiftBundle, .stringCatalogSymbols]

    /// How many folders above the module's are searched for a `swiftgen.yml`.
    static let ancestorsSearched = 8

    /// The generator findings for a module whose sources are in `folder`, in walk order; none when nothing is read.
    static func findings(for folder: URL) -> [SourceLintFinding] {
        var paths = [folder]
        var above = folder.standardizedFileURL
        for _ in 0..<ancestorsSearched {
            let parent = above.deletingLastPathComponent()
            guard parent.path != above.path else { break }
            above = parent
            for name in ["swiftgen.yml", "swiftgen.yaml"] {
                let file = above.appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: file.path) { paths.append(file) }
            }
        }
        let found = (try? SourceLinter.lint(paths: paths)) ?? []
        return found.filter { rules.contains($0.rule) }
    }

    /// The lines printed after the files written: a heading and one line per finding, or nothing.
    static func lines(_ findings: [SourceLintFinding]) -> [String] {
        guard !findings.isEmpty else { return [] }
        return ["Generated accessors read the embedded bundle; route each once (docs/integration.md, \"Generated accessors\"):"]
            + findings.map { "  \($0.file):\($0.line): \($0.message) [\($0.rule.rawValue)]" }
    }
}
