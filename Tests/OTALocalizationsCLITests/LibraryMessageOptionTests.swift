import Foundation
import OTATestSupport
import Testing

/// The libraries speak in their own terms and the command line in its options: no string literal of a library's
/// sources names an option (`--output`). A library error carries the field at fault and the facts, and the CLI words
/// it (`PackagerErrorText`, `ReleaseErrorText`).
///
/// Two kinds of literal are the AWS CLI's, not ours, and pass: a literal that is one option alone (an argument the
/// publisher passes to `aws`, such as `"--bucket"`), and a literal that starts with `aws ` (an AWS command line shown
/// to the user).
@Suite struct LibraryMessageOptionTests {
    static let libraries = [
        "OTALocalizationsPackager", "OTALocalizationsValidation", "OTALocalizationsCore", "OTALocalizationsCatalogs",
        "OTALocalizationsSourceLint",
    ]

    @Test func noLibraryMessageNamesACommandLineOption() throws {
        var found: [String] = []
        var scanned = 0
        for library in Self.libraries {
            let folder = TestPaths.packageRoot.appendingPathComponent("Sources/\(library)")
            let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            for file in files.sorted() where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                scanned += 1
                for literal in SwiftStringLiterals.literals(in: text) where Self.namesAnOption(literal.text) {
                    found.append("Sources/\(library)/\(file):\(literal.line): \(literal.text)")
                }
            }
        }
        #expect(scanned > 100)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func theScanFindsAnOptionInAMessage() {
        let source = """
            // "--comment" is not a literal
            throw E(reason: "pass --output \\(x.map { "or --inner" }) or not")
            let arguments = ["s3", "cp", "--recursive"]
            let shown = "aws cloudfront create-invalidation --paths /a"
            let multi = \"""
                see --channel
                \"""
            """
        let named = SwiftStringLiterals.literals(in: source).filter { Self.namesAnOption($0.text) }.map(\.line)
        #expect(named == [2, 2, 5])
    }

    /// Whether `literal` names an option in a message: `--` then a lowercase letter, after a start or a non-word
    /// character; not an `aws` command line, nor one option alone.
    static func namesAnOption(_ literal: String) -> Bool {
        let bytes = Array(literal.utf8)
        func isLowercase(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) }
        func isWord(_ byte: UInt8) -> Bool {
            isLowercase(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x5F || byte == 0x2D
        }
        // One option alone (`--bucket`): an argument of the AWS CLI, not a message.
        let alone = bytes.count > 2 && bytes[0] == 0x2D && bytes[1] == 0x2D && isLowercase(bytes[2])
            && bytes[3...].allSatisfy { isLowercase($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
        if literal.hasPrefix("aws ") || alone { return false }
        // `--` and a lowercase letter, at the start or after a character that is not part of a word or an option.
        return bytes.indices.dropLast(2).contains { index in
            bytes[index] == 0x2D && bytes[index + 1] == 0x2D && isLowercase(bytes[index + 2]) && (index == 0 || !isWord(bytes[index - 1]))
        }
    }
}

/// The string literals of Swift source text, each with the line it starts on: the text between the quotes (escapes as
/// written, an interpolation's code left out and its own literals listed separately); comments skipped.
enum SwiftStringLiterals {
    struct Literal { var text: String; var line: Int }

    static func literals(in source: String) -> [Literal] {
        var scanner = Scanner(characters: Array(source))
        scanner.code(untilClosingParenthesis: false)
        return scanner.found
    }

    private struct Scanner {
        let characters: [Character]
        var index = 0
        var line = 1
        var found: [Literal] = []

        init(characters: [Character]) { self.characters = characters }

        func peek(_ offset: Int = 0) -> Character? {
            index + offset < characters.count ? characters[index + offset] : nil
        }

        mutating func advance() {
            if characters[index] == "\n" { line += 1 }
            index += 1
        }

        /// Code up to the end, or up to the `)` that closes an interpolation.
        mutating func code(untilClosingParenthesis: Bool) {
            var depth = 0
            while let character = peek() {
                if character == "/", peek(1) == "/" {
                    while let next = peek(), next != "\n" { advance() }
                } else if character == "/", peek(1) == "*" {
                    while peek() != nil, !(peek() == "*" && peek(1) == "/") { advance() }
                    if peek() != nil { advance(); advance() }
                } else if character == "\"" {
                    string()
                } else {
                    if character == "(" { depth += 1 }
                    if character == ")" {
                        if depth == 0, untilClosingParenthesis { advance(); return }
                        depth -= 1
                    }
                    advance()
                }
            }
        }

        /// A literal starting at `"` or `"""`.
        mutating func string() {
            let start = line
            let multiline = peek(1) == "\"" && peek(2) == "\""
            for _ in 0..<(multiline ? 3 : 1) { advance() }
            var text = ""
            while let character = peek() {
                if character == "\\", peek(1) == "(" {
                    advance(); advance()
                    code(untilClosingParenthesis: true)
                    text += "\\(…)"
                } else if character == "\\" {
                    text.append(character); advance()
                    if let escaped = peek() { text.append(escaped); advance() }
                } else if character == "\"", !multiline || (peek(1) == "\"" && peek(2) == "\"") {
                    for _ in 0..<(multiline ? 3 : 1) { advance() }
                    break
                } else if character == "\n", !multiline {
                    break
                } else {
                    text.append(character); advance()
                }
            }
            found.append(Literal(text: text, line: start))
        }
    }
}
