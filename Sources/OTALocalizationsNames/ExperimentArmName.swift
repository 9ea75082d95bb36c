/// The rule for the name of a copy experiment's arm (docs/rollouts.md, "Copy experiments"): the manifest's
/// `experiment.arms[].name`, which Core decodes, and the arm in the record beside a module's `current`, which the read
/// side parses. 1 to ``maximumLength`` lowercase ASCII letters, digits or `-`, starting with a letter (the shape of a
/// channel name); ``control`` names the control arm and is never the name of another arm.
package enum ExperimentArmName {
    /// The longest name, in bytes.
    package static let maximumLength = 32
    /// The control arm's name in records, reports and exposures (devices in it use the stable modules).
    package static let control = "control"

    /// Whether `text` has the shape of an arm name (``control`` included).
    package static func isValid(_ text: some StringProtocol) -> Bool {
        let bytes = Array(text.utf8)
        guard (1...maximumLength).contains(bytes.count), let first = bytes.first, (0x61...0x7A).contains(first) else {
            return false
        }
        return bytes.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") }
    }
}
