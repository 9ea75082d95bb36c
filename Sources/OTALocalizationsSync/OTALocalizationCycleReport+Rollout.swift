import OTALocalizationsCore

extension OTALocalizationCycleReport {
    /// The staged rollout of the manifest a cycle acted on, and whether this device is in it (docs/rollouts.md).
    ///
    /// JSON shape: `{"id":string,"percent":number,"includesThisDevice":bool}`, `percent` written as the manifest
    /// writes it (0 to 100, at most two decimals, e.g. `12.5`).
    public struct Rollout: Codable, Sendable, Equatable {
        /// The rollout's `id`, as the manifest names it.
        public var id: String
        /// The share of devices in the rollout in hundredths of a percent, 0 to 10,000 (`percent` 12.34 is 1,234).
        public var basisPoints: Int
        /// Whether this device's bucket is below ``basisPoints``: it uses the rollout's module entries.
        public var includesThisDevice: Bool

        /// Creates a rollout entry.
        public init(id: String, basisPoints: Int, includesThisDevice: Bool) {
            self.id = id
            self.basisPoints = basisPoints
            self.includesThisDevice = includesThisDevice
        }

        /// ``basisPoints`` as a percent (`1234` is `12.34`).
        public var percent: Double { Double(basisPoints) / 100 }

        /// The percent as the manifest writes it: the shortest decimal with at most two fraction digits.
        public var percentText: String {
            ManifestRollout(id: id, basisPoints: basisPoints, modules: []).percentText
        }

        private enum CodingKeys: String, CodingKey { case id, percent, includesThisDevice }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            basisPoints = Int((try container.decode(Double.self, forKey: .percent) * 100).rounded())
            includesThisDevice = try container.decode(Bool.self, forKey: .includesThisDevice)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(percent, forKey: .percent)
            try container.encode(includesThisDevice, forKey: .includesThisDevice)
        }

        /// `{"id":…,"percent":…,"includesThisDevice":…}` in that key order.
        func jsonText() -> String {
            "{\"id\":\(JSONText.quoted(id)),\"percent\":\(percentText),\"includesThisDevice\":\(includesThisDevice)}"
        }
    }
}
