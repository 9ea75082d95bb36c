/// Finds, in one token stream, the lookups that write their development value beside the key (see
/// ``SourceDevelopmentValue``) and reads key, table and value when each is one string literal.
///
/// A call is taken only when its key is a literal without interpolations, its table a literal, `nil` or absent,
/// and its value one non-empty literal (`"a" + "b"`, a constant or a variable are not read). `NSLocalizedString`'s
/// `value:` is a `String`, so a `\(…)` in it is text computed at run time and the call is not taken; a `defaultValue:`
/// is a `String.LocalizationValue`, whose interpolations are the arguments of a format.
struct DevelopmentValueScanner {
    private let tokens: [SwiftToken]
    private let calls: CallSyntax
    private let path: String

    init(tokens: [SwiftToken], path: String) {
        self.tokens = tokens
        calls = CallSyntax(tokens: tokens)
        self.path = path
    }

    /// Every value in the stream and, recursively, inside every string interpolation, in source order.
    func values() -> [SourceDevelopmentValue] {
        var result: [SourceDevelopmentValue] = []
        for index in tokens.indices {
            if let value = value(at: index) { result.append(value) }
            for interpolation in tokens[index].interpolations {
                result += DevelopmentValueScanner(tokens: interpolation, path: path).values()
            }
        }
        return result
    }

    /// The call at `index`: its name, which argument holds the key, and the labels of table and value.
    private func value(at index: Int) -> SourceDevelopmentValue? {
        let name = tokens[index]
        guard name.kind == .identifier, isFreeStanding(index) else { return nil }
        var open = index + 1
        if open + 1 < tokens.count, tokens[open].isPunctuation("."), tokens[open + 1].isIdentifier("init") { open += 2 }
        guard open < tokens.count, tokens[open].isPunctuation("(") else { return nil }
        let arguments = calls.arguments(of: open)
        switch name.text {
        case "NSLocalizedString":
            return read(arguments, keyLabel: nil, tableLabel: "tableName", valueLabel: "value", interpolates: false, at: name)
        case "String":
            return read(arguments, keyLabel: "localized", tableLabel: "table", valueLabel: "defaultValue", interpolates: true, at: name)
        case "LocalizedStringResource":
            return read(arguments, keyLabel: nil, tableLabel: "table", valueLabel: "defaultValue", interpolates: true, at: name)
        default:
            return nil
        }
    }

    private func read(
        _ arguments: [CallSyntax.Argument], keyLabel: String?, tableLabel: String, valueLabel: String,
        interpolates: Bool, at name: SwiftToken
    ) -> SourceDevelopmentValue? {
        guard let first = arguments.first, first.label == keyLabel, let key = Self.plainLiteral(first.value),
              let valueArgument = arguments.first(where: { $0.label == valueLabel }),
              let literal = Self.literal(valueArgument.value),
              interpolates || literal.interpolations.isEmpty, literal.segments.contains(where: { !$0.isEmpty })
        else { return nil }
        var table = "Localizable"
        if let tableArgument = arguments.first(where: { $0.label == tableLabel }) {
            if let named = Self.plainLiteral(tableArgument.value) {
                table = named
            } else if !(tableArgument.value.count == 1 && tableArgument.value.first?.isIdentifier("nil") == true) {
                return nil
            }
        }
        return SourceDevelopmentValue(
            table: table, key: key, segments: literal.segments, file: path, line: name.line, column: name.column)
    }

    /// The one string literal an argument is, or nil.
    private static func literal(_ value: ArraySlice<SwiftToken>) -> SwiftToken? {
        guard value.count == 1, let token = value.first, token.kind == .string else { return nil }
        return token
    }

    /// The text of an argument that is one string literal without interpolations, or nil.
    private static func plainLiteral(_ value: ArraySlice<SwiftToken>) -> String? {
        guard let token = literal(value), token.interpolations.isEmpty else { return nil }
        return token.segments.first
    }

    /// Whether the name at `index` is not a member of some value nor a declaration; `Foundation.` may qualify it.
    private func isFreeStanding(_ index: Int) -> Bool {
        guard index > 0 else { return true }
        let previous = tokens[index - 1]
        if previous.isPunctuation(".") {
            guard index >= 2, tokens[index - 2].isIdentifier("Foundation") else { return false }
            return isFreeStanding(index - 2)
        }
        return !["func", "var", "let", "struct", "class", "enum", "extension", "typealias", "case"]
            .contains(where: previous.isIdentifier)
    }
}
