import OTALocalizationsCore

/// Name rules shared by configuration and discovery.
enum ManifestNaming {
    /// A module or folder name usable as one path component (the manifest's rule).
    static func isPlainName(_ name: String) -> Bool { ManifestModule.isPlainFileName(name) }
}
