/// Why a debug action of ``OTALocalizationService`` did nothing: a stable ``code`` to compare and a human ``reason``.
public struct OTALocalizationDebugActionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of refusal or failure this is.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The configuration does not allow debug actions (``OTALocalizationServiceConfiguration/allowsDebugActions``
        /// is false, as in a release build).
        public static let notAllowed = Code(rawValue: "notAllowed")
        /// The channel is not a channel name (1 to 32 lowercase ASCII letters, digits or `-`, starting with a letter).
        public static let channel = Code(rawValue: "channel")
        /// The arm is not an arm name (1 to 32 lowercase ASCII letters, digits or `-`, starting with a letter).
        public static let arm = Code(rawValue: "arm")
        /// A file of the storage root could not be written or removed.
        public static let storage = Code(rawValue: "storage")
    }

    /// The stable code.
    public var code: Code
    /// A human explanation, not to be compared.
    public var reason: String

    /// Creates an error.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code): \(reason)" }
}
