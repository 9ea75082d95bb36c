/// The rule for a staged rollout's id (docs/rollouts.md): the manifest's `rollout.id`, which Core decodes, and the id
/// in the rollout record beside a module's `current`, which the read side parses. 1 to ``maximumLength`` ASCII
/// letters, digits, `-` or `_`, in any order: `promote` and `rollout` write random lowercase hexadecimal ids, which
/// may start with a digit.
package enum RolloutIdentifier {
    /// The longest id, in bytes.
    package static let maximumLength = 64

    /// Whether `text` is a rollout id by this rule.
    package static func isValid(_ text: some StringProtocol) -> Bool {
        (1...maximumLength).contains(text.utf8.count) && text.utf8.allSatisfy(IdentifierByte.isIdentifierByte)
    }
}
