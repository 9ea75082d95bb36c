import OTALocalizationsCore
import OTALocalizationsNames

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

    /// What a `CFBundleShortVersionString` can be: one to three period-separated non-negative integers (`1`, `1.0`,
    /// `26.7.0`), digits and periods only, at most 64 characters. Apple's page for the key asks for three integers
    /// "such as 10.14.1" and only digits and periods; shorter forms are what apps ship (`1.0`) and what Apple's
    /// `CFBundleVersion` page reads as `.0` for the missing parts.
    static func isAppVersion(_ version: String) -> Bool {
        guard version.utf8.count <= 64 else { return false }
        let parts = version.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return (1...3).contains(parts.count)
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
    }

    /// A language identifier usable as an `.lproj` name (see `LanguageIdentifier`).
    static func isLanguage(_ name: String) -> Bool { LanguageIdentifier.isValid(name) }
}
