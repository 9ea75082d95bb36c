/// One slice ZIP of a module: a part of its bundle that can be downloaded alone (docs/design.md, "Slices").
public struct ManifestSlice: Sendable, Equatable {
    /// The slice ZIP's file name relative to the version folder, a plain file name. Opaque to clients.
    public var path: String
    /// SHA-256 of the slice ZIP, 64 lowercase hex digits.
    public var sha256: String
    /// Size of the slice ZIP in bytes.
    public var size: Int64

    public init(path: String, sha256: String, size: Int64) {
        self.path = path
        self.sha256 = sha256
        self.size = size
    }
}

/// A module's bundle cut into slices: the base (the `Info.plist`, the development region's `.lproj` and `Base.lproj`
/// when the module has one) and one slice per other localization (its `.lproj` alone).
///
/// Base and the slices a device chooses, extracted into one folder, are the same bundle as the module's full ZIP
/// minus the other localizations' folders.
public struct ManifestSlices: Sendable, Equatable {
    /// The slice every device installs.
    public var base: ManifestSlice
    /// One slice per localization other than the development region and `Base`, keyed by `.lproj` name without the
    /// extension (`fr`, `fr-CA`, `zh-Hans`).
    public var localizations: [String: ManifestSlice]

    public init(base: ManifestSlice, localizations: [String: ManifestSlice]) {
        self.base = base
        self.localizations = localizations
    }
}
