extension PackagerError {
    /// The input of a call that an error concerns, named as the library's API names it; a command line maps it to its
    /// own option. Compared, like ``Code``; new fields can be added.
    public struct Field: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// ``PackageOptions/appVersion``.
        public static let appVersion = Field(rawValue: "appVersion")
        /// ``PackageOptions/channel`` (`configuration`: ``Facts/value`` is not a channel name), or
        /// ``PublishOptions/channel`` (`refused`): the version folder holds only another channel's manifest (its name in
        /// ``Facts/value``, ``Facts/problem`` says where), or no manifest of channel ``Facts/value`` (at
        /// ``Facts/location``).
        public static let channel = Field(rawValue: "channel")
        /// ``PackageOptions/pseudoLocalization`` (``Facts/value``): `refused` for the production channel, or
        /// `configuration` when no module has that localization (``Facts/problem`` names those they have).
        public static let pseudoLocalization = Field(rawValue: "pseudoLocalization")
        /// ``PackageOptions/outputDirectory``.
        public static let outputDirectory = Field(rawValue: "outputDirectory")
        /// ``PackageOptions/previousManifest``.
        public static let previousManifest = Field(rawValue: "previousManifest")
        /// ``PackageOptions/publishedAt`` as given to ``PublishDate/resolve(argument:environment:now:allowFuture:)``
        /// (its `argument`, ``Facts/value``): not a date, or ``Facts/secondsAhead`` of the clock.
        public static let publishedAt = Field(rawValue: "publishedAt")
        /// The `SOURCE_DATE_EPOCH` variable ``PublishDate`` reads (``Facts/value``): not a number of seconds, or
        /// ``Facts/secondsAhead`` of the clock.
        public static let sourceDateEpoch = Field(rawValue: "SOURCE_DATE_EPOCH")
        /// ``ValidationOptions/adoptionBaselineFile``: unreadable (``Facts/problem``), or not in the format
        /// (``Facts/baselineError``, the file's path in ``Facts/location``).
        public static let adoptionBaselineFile = Field(rawValue: "adoptionBaselineFile")
        /// ``ValidationOptions/publishedBaseline``: ``Facts/problem`` says what could not be read or verified.
        public static let publishedBaseline = Field(rawValue: "publishedBaseline")
        /// ``PublishOptions/cloudFrontDistribution`` (``Facts/value``): with a folder destination, empty, or not an ID.
        public static let cloudFrontDistribution = Field(rawValue: "cloudFrontDistribution")
        /// ``PackageOptions/signingKeys``: the version folder was packaged without a key where a signed one is needed
        /// (`refused` by a publish over a signed destination, `signature` for a channel read with trusted keys: then
        /// ``Facts/value`` is the channel, `production` for `manifest.json`, and ``Facts/location`` the version folder).
        public static let signingKeys = Field(rawValue: "signingKeys")
        /// ``ReleaseEditOptions/signingKeys``: empty while the channel's envelope (``Facts/location``) exists.
        public static let releaseEditSigningKeys = Field(rawValue: "ReleaseEditOptions.signingKeys")
        /// ``ReleaseEditOptions/expectedPublishedAt`` (``Facts/value``): the manifest at ``Facts/location`` was
        /// published at another time (``Facts/problem``).
        public static let expectedPublishedAt = Field(rawValue: "expectedPublishedAt")
        /// `refresh-expiry` without ``ReleaseEditOptions/expectedPublishedAt``: the manifest at ``Facts/location``,
        /// published at ``Facts/value``, has expired (``Facts/problem``: `expired at <date>`).
        public static let expiredPublish = Field(rawValue: "expiredPublish")
        /// `promote`'s `from` (``Facts/value``): the version folder (``Facts/location``) has no manifest of it
        /// (``Facts/problem``: `<manifest>: no such manifest`).
        public static let promotionSource = Field(rawValue: "from")
        /// `promote`'s `to`: the same channel as `from` (``Facts/value``).
        public static let promotionTarget = Field(rawValue: "to")
        /// `promote`'s `rolloutBasisPoints`: given for a channel other than production; or, for a rollout change,
        /// production's manifest (``Facts/location``) has no rollout to change.
        public static let rolloutBasisPoints = Field(rawValue: "rolloutBasisPoints")
        /// An experiment's start: production's manifest (``Facts/location``) carries the staged rollout
        /// ``Facts/value`` (its id), and a manifest carries a rollout or an experiment, not both.
        public static let rolloutInProgress = Field(rawValue: "rolloutInProgress")
        /// A rollout's start or change, or an experiment's start: production's manifest (``Facts/location``) carries
        /// the experiment ``Facts/value`` (its id), and a manifest carries a rollout or one experiment, not more.
        public static let experimentInProgress = Field(rawValue: "experimentInProgress")
        /// An experiment's share or end: production's manifest (``Facts/location``) carries no experiment.
        public static let experimentID = Field(rawValue: "experimentID")
        /// An experiment's share: the arm ``Facts/value`` is not one of the experiment's (``Facts/problem`` names
        /// those it has).
        public static let experimentArm = Field(rawValue: "experimentArm")
        /// An experiment's share or start: more than the arm ``Facts/value`` (or control) may have; ``Facts/problem`` is
        /// the most it may have, as a percent (`33.33`).
        public static let experimentBasisPoints = Field(rawValue: "experimentBasisPoints")
        /// An experiment's end: the winner ``Facts/value`` is not one of the experiment's arms (``Facts/problem`` names
        /// those it has).
        public static let experimentWinner = Field(rawValue: "experimentWinner")
    }
}
