/// One string lookup that bypasses a module's over-the-air bundle, at a place in a Swift file.
///
/// Encoded as JSON (`Codable`), it is `{"file", "line", "column", "rule", "message"}` with `rule` a string.
public struct SourceLintFinding: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The file's path as it was given (a folder argument joined with the path below it).
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in Unicode scalars (as the table parsers count them).
    public var column: Int
    /// Which rule found it; a stable identifier.
    public var rule: SourceLintRule
    /// One sentence: what the call does wrong and the fix (`bundle: .localizationBundle`).
    public var message: String

    public init(file: String, line: Int, column: Int, rule: SourceLintRule, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.rule = rule
        self.message = message
    }

    /// `file:line:column: error: message [rule]`, the form compilers print, so editors and Xcode can jump to it.
    public var description: String { "\(file):\(line):\(column): error: \(message) [\(rule)]" }
}
