import OTALocalizationsCore

extension OTALocalizationCycleReport {
    /// The copy experiment of the manifest a cycle acted on, and this device's arm in it (docs/rollouts.md, "Copy
    /// experiments").
    ///
    /// JSON shape: `{"id":string,"arm":string|null,"forced":bool}`.
    public struct Experiment: Codable, Sendable, Equatable {
        /// The experiment's `id`, as the manifest names it.
        public var id: String
        /// The device's arm: an arm's name, `control` (the stable modules), or nil when its bucket is in no arm's range
        /// (not in the experiment).
        public var arm: String?
        /// Whether a debug action forced ``arm`` (``OTALocalizationService/forceExperimentArm(_:)``) rather than the
        /// device's bucket choosing it.
        public var forced: Bool

        /// Creates an experiment entry.
        public init(id: String, arm: String?, forced: Bool = false) {
            self.id = id
            self.arm = arm
            self.forced = forced
        }

        private enum CodingKeys: String, CodingKey { case id, arm, forced }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            arm = try container.decodeIfPresent(String.self, forKey: .arm)
            forced = try container.decode(Bool.self, forKey: .forced)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(arm, forKey: .arm)
            try container.encode(forced, forKey: .forced)
        }

        /// `{"id":…,"arm":…,"forced":…}` in that key order.
        func jsonText() -> String {
            "{\"id\":\(JSONText.quoted(id)),\"arm\":\(arm.map(JSONText.quoted) ?? "null"),\"forced\":\(forced)}"
        }
    }
}
