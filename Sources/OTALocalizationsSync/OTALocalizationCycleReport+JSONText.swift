import OTALocalizationsCore

extension OTALocalizationCycleReport {
    /// Returns the report as one line of JSON with its keys in the documented order.
    ///
    /// Shape (`ota-localizations sync --json`):
    /// `{"manifest":"updated|notModified|stale|failed","error":string|null,["errorCode":string,]"stateSaved":bool,
    /// ["rollout":{"id":string,"percent":number,"includesThisDevice":bool},]"updated":n,
    /// "skipped":n,"failed":n,"removed":n,"bytesDownloaded":n,"modules":[{"name":string,
    /// "outcome":"updated|skipped|failed|removed","bytes":n,"durationMs":n,"reason":string|null,"code":string|null}]}`
    /// (`code` was added after the others: readers of the older shape ignore it; `errorCode` and `rollout` are written
    /// only when set).
    /// The values equal the `Encodable` encoding's; only the key order is fixed here, because `JSONEncoder` on
    /// Linux writes keys in hash order. Strings are escaped per RFC 8259 section 7.
    public func jsonText() -> String {
        let modules = modules.map { module in
            "{\"name\":\(JSONText.quoted(module.name)),\"outcome\":\(JSONText.quoted(module.outcome.rawValue)),"
                + "\"bytes\":\(module.bytes),\"durationMs\":\(module.durationMs),\"reason\":\(Self.nullable(module.reason)),"
                + "\"code\":\(Self.nullable(module.code?.rawValue))}"
        }
        let errorCode = errorCode.map { ",\"errorCode\":\(JSONText.quoted($0.rawValue))" } ?? ""
        let rollout = rollout.map { "\"rollout\":\($0.jsonText())," } ?? ""
        return "{\"manifest\":\(JSONText.quoted(manifest.rawValue)),\"error\":\(Self.nullable(error))\(errorCode),"
            + "\"stateSaved\":\(stateSaved),\(rollout)\"updated\":\(updated),\"skipped\":\(skipped),\"failed\":\(failed),"
            + "\"removed\":\(removed),\"bytesDownloaded\":\(bytesDownloaded),\"modules\":[\(modules.joined(separator: ","))]}"
    }

    private static func nullable(_ text: String?) -> String {
        text.map(JSONText.quoted) ?? "null"
    }
}
