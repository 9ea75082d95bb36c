/// The completion scripts `ota-localizations completion <shell>` prints, each generated from a ``CompletionModel``.
enum CompletionScript {
    /// The shells a script is written for, in the order the help names them.
    static let shells = ["bash", "zsh", "fish"]

    /// The executable's name, which each script registers its completion for.
    static let executable = "ota-localizations"

    /// The script for `shell` (one of ``shells``), or nil for another word.
    static func script(for shell: String, _ model: CompletionModel) -> String? {
        switch shell {
        case "bash": bash(model)
        case "zsh": zsh(model)
        case "fish": fish(model)
        default: nil
        }
    }

    /// The top-level words besides the command names.
    static let topLevelWords = ["help", "--help", "--version"]
}
