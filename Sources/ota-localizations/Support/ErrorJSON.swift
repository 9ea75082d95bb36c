import OTALocalizationsCore

/// The JSON a command prints on standard output instead of its result when it cannot run and JSON was asked for:
/// `{"error":{"code":"<code>","message":"<one line>"}}`. The human line still goes to standard error and the
/// exit status is the same as without JSON.
enum ErrorJSON {
    /// Whether the raw arguments ask for JSON (`--json`, `--format json`, `--format=json`), read before they are
    /// parsed so that a usage error is JSON too.
    static func isRequested(in arguments: [String]) -> Bool {
        for (index, word) in arguments.enumerated() {
            if word == "--" { return false }
            if word == "--json" || word == "--format=json" { return true }
            if word == "--format", index + 1 < arguments.count, arguments[index + 1] == "json" { return true }
        }
        return false
    }

    /// The object for one error: `code` is a stable identifier (`usage`, or the library error's code).
    static func text(code: String, message: String) -> String {
        "{\"error\":{\"code\":\(JSONText.quoted(code)),\"message\":\(JSONText.quoted(message))}}"
    }
}
