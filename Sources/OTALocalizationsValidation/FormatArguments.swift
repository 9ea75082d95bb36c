/// The arguments a format string reads, by 1-based position, with the type each one is read as.
///
/// Built from ``ParsedFormat``: a non-positional specifier takes the next argument in order, `%n$` takes
/// argument `n` (IEEE Std 1003.1 `fprintf`, "Conversion specifications"), and a `*` width or precision
/// reads an `int` argument before the value (`*m$` reads argument `m`). `%%` reads nothing. A
/// `%#@name@` `.stringsdict` variable reads one argument of its rule's `NSStringFormatValueTypeKey` type.
public struct FormatArguments: Sendable, Equatable {
    /// Position to argument type. A position read twice with different types keeps the first type and is
    /// listed in ``conflicts``.
    public var types: [Int: FormatSpecifier.ArgumentType]
    /// Positions read as two different types within the same string.
    public var conflicts: [Int]
    /// Positions read by a variable whose type is unknown (no or invalid value type).
    public var untypedPositions: Set<Int>

    /// Every position read, typed or not.
    public var positions: Set<Int> { Set(types.keys).union(untypedPositions) }

    /// Collects the arguments of a parsed format string.
    /// - Parameters:
    ///   - format: the parsed string.
    ///   - variableTypes: the argument type of each `.stringsdict` variable; a variable not listed reads
    ///     an argument of unknown type.
    ///   - firstSequentialPosition: the position the first non-positional specifier reads: 1 for a whole
    ///     format string; the variable's position for a `.stringsdict` plural form, whose `%d` reads the
    ///     variable's number while `%n$@` reads argument `n` of the whole call.
    public init(
        _ format: ParsedFormat, variableTypes: [String: FormatSpecifier.ArgumentType] = [:],
        firstSequentialPosition: Int = 1
    ) {
        var types: [Int: FormatSpecifier.ArgumentType] = [:]
        var conflicts: [Int] = []
        var untypedPositions: Set<Int> = []
        Self.forEachRead(in: format, firstSequentialPosition: firstSequentialPosition,
                         variableType: { variableTypes[$0] }) { slot, type in
            guard let type else {
                untypedPositions.insert(slot)
                return
            }
            if let existing = types[slot] {
                if existing != type, !conflicts.contains(slot) { conflicts.append(slot) }
            } else {
                types[slot] = type
            }
        }
        untypedPositions.subtract(types.keys)
        self.types = types
        self.conflicts = conflicts
        self.untypedPositions = untypedPositions
    }

    /// Calls `body` with each argument a parsed format string reads, in the order it reads them: the argument's
    /// 1-based position and its type, or nil for a `.stringsdict` variable that `variableType` does not know.
    ///
    /// A `*` width or precision reads an `int32` before the value; `%%` reads nothing; non-positional
    /// specifiers read from `firstSequentialPosition` on (at least 1). A position may be passed more than once.
    /// - Parameters:
    ///   - format: the parsed string.
    ///   - firstSequentialPosition: as in ``init(_:variableTypes:firstSequentialPosition:)``.
    ///   - variableType: the argument type of a `%#@name@` variable, or nil when unknown.
    ///   - body: called once per argument read; it must not escape.
    static func forEachRead(
        in format: ParsedFormat, firstSequentialPosition: Int = 1,
        variableType: (String) -> FormatSpecifier.ArgumentType?,
        _ body: (Int, FormatSpecifier.ArgumentType?) -> Void
    ) {
        var next = max(1, firstSequentialPosition)
        func take(_ position: Int?, _ type: FormatSpecifier.ArgumentType?) {
            if let position {
                body(position, type)
            } else {
                body(next, type)
                next += 1
            }
        }
        for specifier in format.specifiers where !specifier.isLiteralPercent {
            if case .argument(let position) = specifier.width { take(position, .int32) }
            if case .argument(let position) = specifier.precision { take(position, .int32) }
            if let variable = specifier.variable {
                take(specifier.position, variableType(variable))
            } else {
                take(specifier.position, specifier.argumentType)
            }
        }
    }

    /// Compares a translation's arguments with the development region's and describes the first difference.
    ///
    /// A mismatch is: a position the translation reads that the development value does not (the app
    /// passes no such argument: a crash or garbage), a position read as a different type (``FormatSpecifier/ArgumentType``
    /// equality), or, unless `allowsOmittedArguments`, a position the development value reads and the
    /// translation does not. Untyped positions match any type.
    /// - Parameters:
    ///   - translation: the arguments of the translated value.
    ///   - development: the arguments of the development region's value for the same key.
    ///   - allowsOmittedArguments: true for `.stringsdict` plural forms, which may leave the number out
    ///     ("one file").
    ///   - translationFormat: the translated value's parsed specifiers, to name the one that differs (`'% la'`).
    ///   - developmentFormat: the development value's, likewise.
    /// - Returns: nil when they agree, else one sentence saying what differs.
    public static func mismatch(
        translation: FormatArguments, development: FormatArguments, allowsOmittedArguments: Bool = false,
        translationFormat: ParsedFormat? = nil, developmentFormat: ParsedFormat? = nil
    ) -> String? {
        func written(_ position: Int, in format: ParsedFormat?) -> String {
            guard let format, let text = specifierText(reading: position, in: format) else { return "" }
            return " ('\(text)')"
        }
        /// ` (int32, '%d')`, ` (int32)`, ` ('%d')` or nothing.
        func described(_ position: Int, _ type: FormatSpecifier.ArgumentType?, in format: ParsedFormat?) -> String {
            let parts = [type?.rawValue, format.flatMap { specifierText(reading: position, in: $0) }.map { "'\($0)'" }]
                .compactMap { $0 }
            return parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
        }
        let translated = translation.positions
        let developed = development.positions
        for position in translated.sorted() where !developed.contains(position) {
            let type = described(position, translation.types[position], in: translationFormat)
            return "it reads argument \(position)\(type), which the development value does not read"
        }
        for position in developed.sorted() {
            guard translated.contains(position) else {
                if allowsOmittedArguments { continue }
                let type = described(position, development.types[position], in: developmentFormat)
                return "it does not read argument \(position)\(type), which the development value reads"
            }
            if let mine = translation.types[position], let theirs = development.types[position], mine != theirs {
                return "argument \(position) is read as \(mine.rawValue)\(written(position, in: translationFormat)) but as \(theirs.rawValue)\(written(position, in: developmentFormat)) in the development value"
            }
        }
        return nil
    }

    /// The first specifier of `format` that reads argument `position` (as its value, or as a `*` width or
    /// precision), as written; nil when none does.
    public static func specifierText(
        reading position: Int, in format: ParsedFormat, firstSequentialPosition: Int = 1
    ) -> String? {
        var next = max(1, firstSequentialPosition)
        func reads(_ explicit: Int?) -> Bool {
            if let explicit { return explicit == position }
            defer { next += 1 }
            return next == position
        }
        for specifier in format.specifiers where !specifier.isLiteralPercent {
            if case .argument(let explicit) = specifier.width, reads(explicit) { return specifier.text }
            if case .argument(let explicit) = specifier.precision, reads(explicit) { return specifier.text }
            if reads(specifier.position) { return specifier.text }
        }
        return nil
    }
}
