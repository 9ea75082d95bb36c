/// A module's bundle cut into slices: the base (the `Info.plist`, the development region's `.lproj` and `Base.lproj`
/// when the module has one) and one slice per other localization (its `.lproj` alone).
///
/// Base and the slices a device chooses, extracted into one folder, are the same bundle as the module's full ZIP
/// minus the other localizations' folders.
public struct ManifestSlices: Sendable, Equatable {
    /// The slice every device installs.
    public var base: PublishedFile
    /// One slice per localization other than the development region and `Base`, keyed by `.lproj` name without the
    /// extension (`fr`, `fr-CA`, `zh-Hans`).
    public var localizations: [String: PublishedFile]

    public init(base: PublishedFile, localizations: [String: PublishedFile]) {
        self.base = base
        self.localizations = localizations
    }
}
