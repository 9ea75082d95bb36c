import Foundation

/// The rules a module name must meet before the template writes it into Swift sources and file names.
enum ModuleName {
    /// The longest name accepted, in characters. Module folders on the device are named by an encoding that
    /// writes each uppercase letter as three bytes (`%43` for `C`), and a folder name has at most 255 bytes
    /// (`NAME_MAX`), so 64 characters always fit.
    static let maximumLength = 64

    /// Words that cannot name a type or start `<Name>Strings` cleanly: Swift keywords (The Swift Programming
    /// Language, "Lexical Structure", Keywords and Punctuation) and the modules the template imports.
    static let reserved: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try",
        "Foundation", "OTALocalizations", "Swift",
    ]

    /// Nil when `name` is usable, else the reason it is not (a sentence that ends with what to do).
    static func problem(with name: String) -> String? {
        let scalars = Array(name.unicodeScalars)
        guard !scalars.isEmpty else { return "the module name is empty; pass the SwiftPM target's name, e.g. Checkout" }
        if let bad = scalars.first(where: { !isIdentifierScalar($0) }) {
            let shown = bad.isASCII && bad.value >= 0x20 && bad.value < 0x7F
                ? "'\(Character(bad))'" : String(format: "U+%04X", bad.value)
            return "module name '\(name)' contains \(shown); use ASCII letters, digits and '_' only "
                + "(a Swift identifier that is also a plain file name), e.g. Checkout"
        }
        if ("0"..."9").contains(scalars[0]) {
            return "module name '\(name)' starts with a digit; a Swift identifier cannot, e.g. use Checkout2"
        }
        if name == "_" || reserved.contains(name) {
            return "module name '\(name)' is a Swift keyword or the name of a module the boilerplate imports; choose another name"
        }
        if scalars.count > maximumLength {
            return "module name '\(name)' has \(scalars.count) characters; at most \(maximumLength) fit the device's folder names"
        }
        return nil
    }

    private static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }
}
