/// A declaration of the per-module boilerplate `ota-localizations scaffold-module` writes, found in Swift source: the
/// `localizationBundle` member of an `extension Bundle`, or the module's top-level `<Identifier>Strings` type.
///
/// A module that already has one must not get a second (`invalid redeclaration`). Comments and string literals are
/// not read as code.
public struct BoilerplateDeclaration: Sendable, Equatable {
    /// What is declared.
    public enum Kind: Sendable, Equatable {
        /// `static var localizationBundle` (or `let`, `func`) inside `extension Bundle` / `extension Foundation.Bundle`.
        case localizationBundle
        /// A top-level `enum`, `struct`, `class`, `actor` or `typealias` named as the strings helper.
        case stringsType(String)
    }

    public var kind: Kind
    /// 1-based line of the declared name.
    public var line: Int
    /// 1-based column of the declared name, in Unicode scalars.
    public var column: Int

    public init(kind: Kind, line: Int, column: Int) {
        self.kind = kind
        self.line = line
        self.column = column
    }

    /// Finds the boilerplate declarations in `source`, in source order.
    ///
    /// - Parameters:
    ///   - source: the text of one Swift file.
    ///   - stringsTypeName: the helper type's name (`CheckoutStrings`).
    public static func declarations(in source: String, stringsTypeName: String) -> [BoilerplateDeclaration] {
        var lexer = SwiftLexer(source)
        return BoilerplateDeclarationScanner(tokens: lexer.tokenize(), stringsTypeName: stringsTypeName).declarations()
    }
}
