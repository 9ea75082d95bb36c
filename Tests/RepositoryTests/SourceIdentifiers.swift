import Foundation
@testable import OTALocalizationsSourceLint

/// The names a target's source files use as code, read with the source linter's Swift lexer (`SwiftLexer`).
///
/// A name counts where it is an identifier token: `stat` in `var status = stat()` and `lstat(path, &status)`, but
/// not in `status`, `lstatus`, a `//` or `/* */` comment, or the text of a string literal; the code inside a
/// string's `\( … )` interpolation counts. C sources and headers (`.c`, `.h`) go through the same lexer: their
/// comments, string literals and identifiers are written as Swift's are.
enum SourceIdentifiers {
    /// One identifier where it appears: the file's path relative to the folder read, and the 1-based line.
    struct Use: Hashable, CustomStringConvertible {
        var name: String
        var file: String
        var line: Int

        var description: String { "\(file):\(line): \(name)" }
    }

    /// The file suffixes read: Swift, and C with its headers (the C shims an app links).
    static let sourceSuffixes = [".swift", ".c", ".h"]

    /// Every identifier of every source file under `folder`, files in path order.
    static func uses(under folder: URL) throws -> [Use] {
        let files = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
            .filter { path in sourceSuffixes.contains { path.hasSuffix($0) } }
            .sorted()
        return try files.flatMap { file in
            uses(in: try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8), file: file)
        }
    }

    /// Every identifier of `source`, in order, attributed to `file`.
    static func uses(in source: String, file: String) -> [Use] {
        var lexer = SwiftLexer(source)
        return identifiers(lexer.tokenize()).map { Use(name: $0.text, file: file, line: $0.line) }
    }

    /// The identifier tokens of `tokens`, descending into string interpolations.
    private static func identifiers(_ tokens: [SwiftToken]) -> [SwiftToken] {
        tokens.flatMap { token -> [SwiftToken] in
            switch token.kind {
            case .identifier: return [token]
            case .string: return token.interpolations.flatMap(identifiers)
            default: return []
            }
        }
    }
}
