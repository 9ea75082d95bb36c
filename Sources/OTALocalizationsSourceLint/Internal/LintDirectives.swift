/// The `// ota-localizations:…` comments of one file: which lines they silence, and which are misspelled.
struct LintDirectives {
    static let prefix = "ota-localizations:"
    static let disableNextLine = "disable-next-line"
    static let disableLine = "disable-line"

    /// Lines on which findings are not reported.
    private(set) var silencedLines: Set<Int> = []
    /// Comments that start with the prefix but name no known directive.
    private(set) var unknown: [SwiftLineComment] = []

    /// Reads the directives among `comments` (the text after `//`, leading white space allowed).
    ///
    /// A directive may be followed by white space and a reason (`// ota-localizations:disable-line legacy`).
    init(comments: [SwiftLineComment]) {
        for comment in comments {
            let text = comment.text.drop { $0 == " " || $0 == "\t" }
            guard text.hasPrefix(Self.prefix) else { continue }
            let word = text.dropFirst(Self.prefix.count).prefix { $0 != " " && $0 != "\t" }
            switch word {
            case Self.disableNextLine: silencedLines.insert(comment.line + 1)
            case Self.disableLine: silencedLines.insert(comment.line)
            default: unknown.append(comment)
            }
        }
    }

    /// Whether a hit is silenced: by a directive for the line it is reported on or the line its call starts on.
    func silences(_ hit: LookupCallScanner.Hit) -> Bool {
        silencedLines.contains(hit.line) || silencedLines.contains(hit.callLine)
    }
}
