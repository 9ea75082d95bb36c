import OTALocalizationsCore

/// Name rules shared by configuration, discovery and packaging.
enum ManifestNaming {
    /// A module or folder name usable as one path component (the manifest's rule).
    static func isPlainName(_ name: String) -> Bool { ManifestModule.isPlainFileName(name) }

    /// A module name the packager publishes: a plain file name without control characters, short enough that
    /// `<name>-<16 hex>.zip` fits in a file name (255 bytes).
    static func isPublishableModuleName(_ name: String) -> Bool {
        isPlainName(name) && name.utf8.count <= 200
            && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// An app marketing version usable as a folder name: ASCII letters, digits, `.`, `_`, `-`, `+`, at most 64,
    /// starting with a letter or digit (`CFBundleShortVersionString` is digits and periods).
    static func isAppVersion(_ version: String) -> Bool {
        guard let first = version.unicodeScalars.first, version.unicodeScalars.count <= 64,
              isAlphanumeric(first) else { return false }
        return version.unicodeScalars.allSatisfy { isAlphanumeric($0) || ".-_+".unicodeScalars.contains($0) }
    }

    /// A language identifier usable as an `.lproj` name (see ``LanguageName``).
    static func isLanguage(_ name: String) -> Bool { LanguageName.isValid(name) }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
