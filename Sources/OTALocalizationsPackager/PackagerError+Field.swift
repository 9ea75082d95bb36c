extension PackagerError {
    /// The input of a call that an error concerns, named as the library's API names it; a command line maps it to its
    /// own option. Compared, like ``Code``; new fields can be added.
    public struct Field: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// ``PackageOptions/appVersion``.
        public static let appVersion = Field(rawValue: "appVersion")
        /// ``PackageOptions/channel``.
        public static let channel = Field(rawValue: "channel")
        /// ``PackageOptions/outputDirectory``.
        public static let outputDirectory = Field(rawValue: "outputDirectory")
        /// ``PackageOptions/previousManifest``.
        public static let previousManifest = Field(rawValue: "previousManifest")
    }
}
