/// How a translation's leading or trailing whitespace differs from its development value's: the first difference
/// found, in the order trailing newline, leading whitespace, trailing whitespace (docs/validation.md,
/// `whitespace-mismatch`).
struct WhitespaceDifference: Sendable, Equatable {
    enum What: String, Sendable {
        case trailingNewline = "trailing newline"
        case leadingWhitespace = "leading whitespace"
        case trailingWhitespace = "trailing whitespace"
    }

    var what: What
    /// True when the translation has it and the development value does not; false for the other way round.
    var translationHasIt: Bool

    /// "it lacks the trailing whitespace that the en value has", "it has a trailing newline that the en value does
    /// not have".
    func text(developmentName: String) -> String {
        translationHasIt
            ? "it has \(what == .trailingNewline ? "a " : "")\(what.rawValue) that the \(developmentName) value does not have"
            : "it lacks the \(what.rawValue) that the \(developmentName) value has"
    }
}
