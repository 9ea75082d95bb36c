import OTALocalizations
import OTALocalizationsNames
import OTALocalizationsCore

extension OTALocalizationCycleReport {
    /// Returns the report as one line of JSON with its keys in the documented order.
    ///
    /// Shape (`ota-localizations sync --json`):
    /// `{"manifest":"updated|notModified|stale|failed","error":string|null,["errorCode":string,]["signatureCode":string,]
    /// "stateSaved":bool,["lastFreshAt":string,"secondsSinceFresh":n,]
    /// ["rollout":{"id":string,"percent":number,"includesThisDevice":bool},]
    /// ["experiment":{"id":string,"arm":string|null,"forced":bool},]["quarantine":{"since":string,
    /// "launches":n,"publishedAt":string|null,"modules":{string:string}},]"updated":n,
    /// "skipped":n,"failed":n,"removed":n,"bytesDownloaded":n,"modules":[{"name":string,
    /// "outcome":"updated|skipped|failed|removed","bytes":n,"durationMs":n,"reason":string|null,"code":string|null}]}`
    /// (`code`, `signatureCode` and `quarantine` were added after the others: readers of the older shape ignore them;
    /// `errorCode`, `signatureCode`, `lastFreshAt`, `secondsSinceFresh`, `rollout`, `experiment` and `quarantine` are
    /// written only when set; `lastFreshAt` and `secondsSinceFresh` came last of all).
    /// The values equal the `Encodable` encoding's; only the key order is fixed here, because `JSONEncoder` on
    /// Linux writes keys in hash order. Strings are escaped per RFC 8259 section 7.
    public func jsonText() -> String {
        let modules = modules.map { module in
            "{\"name\":\(JSONText.quoted(module.name)),\"outcome\":\(JSONText.quoted(module.outcome.rawValue)),"
                + "\"bytes\":\(module.bytes),\"durationMs\":\(module.durationMs),\"reason\":\(Self.nullable(module.reason)),"
                + "\"code\":\(Self.nullable(module.code?.rawValue))}"
        }
        let errorCode = (errorCode.map { ",\"errorCode\":\(JSONText.quoted($0.rawValue))" } ?? "")
            + (signatureCode.map { ",\"signatureCode\":\(JSONText.quoted($0.rawValue))" } ?? "")
        let freshness = lastFreshAt.map {
            "\"lastFreshAt\":\(JSONText.quoted(ManifestDate.format($0))),\"secondsSinceFresh\":\(secondsSinceFresh ?? 0),"
        } ?? ""
        let rollout = rollout.map { "\"rollout\":\($0.jsonText())," } ?? ""
        let quarantine = quarantine.map { "\"quarantine\":\($0.jsonText())," } ?? ""
        let experiment = experiment.map { "\"experiment\":\($0.jsonText())," } ?? ""
        return "{\"manifest\":\(JSONText.quoted(manifest.rawValue)),\"error\":\(Self.nullable(error))\(errorCode),"
            + "\"stateSaved\":\(stateSaved),\(freshness)\(rollout)\(experiment)\(quarantine)\"updated\":\(updated),\"skipped\":\(skipped),\"failed\":\(failed),"
            + "\"removed\":\(removed),\"bytesDownloaded\":\(bytesDownloaded),\"modules\":[\(modules.joined(separator: ","))]}"
    }

    private static func nullable(_ text: String?) -> String {
        text.map(JSONText.quoted) ?? "null"
    }
}

extension OTALaunchQuarantine {
    /// One line of JSON, keys in this order: `{"since":"<RFC 3339>","launches":n,"publishedAt":string|null,
    /// "modules":{"<module>":"<sha256>",…}}`, the modules in the byte order of their names; the values equal the
    /// `Encodable` encoding's.
    public func jsonText() -> String {
        let named = modules
        let modules = UTF8ByteOrder.sorted(Array(named.keys))
            .map { "\(JSONText.quoted($0)):\(JSONText.quoted(named[$0]!))" }.joined(separator: ",")
        return "{\"since\":\(JSONText.quoted(sinceText)),\"launches\":\(launches),"
            + "\"publishedAt\":\(publishedAt.map(JSONText.quoted) ?? "null"),\"modules\":{\(modules)}}"
    }
}
