/// Quoting of keys and values in finding messages.
enum MessageText {
    /// The most characters of a key or value a message quotes; the finding's `key` and `value` keep the whole text.
    static let maximumQuotedCharacters = 120

    /// `text` in double quotes, cut to ``maximumQuotedCharacters`` characters with a `…` when longer.
    static func quoted(_ text: String) -> String {
        guard text.count > maximumQuotedCharacters else { return "\"\(text)\"" }
        return "\"\(text.prefix(maximumQuotedCharacters))…\""
    }
}
