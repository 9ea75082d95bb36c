/// The rule for a name that becomes one path component on the device (a module's folder, an app version's folder),
/// checked by the read side (`OTAStorageLayout.isPlainFileName(_:)`) and by Core (`ManifestModule.isPlainFileName(_:)`,
/// for the manifest's module names and paths). It lives in a target of its own because neither of those may import
/// the other (docs/design.md, "Targets").
package enum PlainFileName {
    /// Whether `name` can be used as one path component: non-empty, not `.` or `..`, no `/`, `\` or NUL.
    package static func isValid(_ name: String) -> Bool {
        guard !name.isEmpty, name != ".", name != ".." else { return false }
        return !name.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0 == "\u{0}" }
    }
}
