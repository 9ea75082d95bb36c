import OTALocalizations
import OTALocalizationsCore

extension OTALocalizationDiagnostics {
    /// Returns the snapshot as one line of JSON with its keys in the documented order (``OTALocalizationDiagnostics``):
    /// the QA screen's "export" and `ota-localizations status --json`'s `"diagnostics"`. The values equal the
    /// `Encodable` encoding's; only the key order is fixed here (`JSONEncoder` on Linux writes keys in hash order).
    /// Strings are escaped per RFC 8259 section 7.
    public func exportJSON() -> String {
        let modules = modules.map { module in
            "{\"name\":\(JSONText.quoted(module.name)),\"source\":\(JSONText.quoted(module.source.rawValue)),"
                + "\"embeddedReason\":\(Self.nullable(module.embeddedReason)),\"installed\":\(module.installed?.jsonText ?? "null")}"
        }
        let marks = antiRollback.map {
            "{\"channel\":\(JSONText.quoted($0.channel)),\"newestPublishedAt\":\(Self.nullable($0.newestPublishedAt)),"
                + "\"pulledThrough\":\(Self.nullable($0.pulledThrough))"
                + ($0.lastFreshAt.map { ",\"lastFreshAt\":\(JSONText.quoted($0))" } ?? "") + "}"
        }
        return "{\"formatVersion\":\(formatVersion),\"generatedAt\":\(JSONText.quoted(generatedAt)),"
            + "\"appVersion\":\(JSONText.quoted(appVersion)),\"channel\":\(JSONText.quoted(channel)),"
            + "\"nextLaunchChannel\":\(Self.nullable(nextLaunchChannel)),"
            + "\"forcedExperimentArm\":\(Self.nullable(forcedExperimentArm)),\"servedAsOf\":\(JSONText.quoted(servedAsOf.rawValue)),"
            + "\"modules\":[\(modules.joined(separator: ","))],\"antiRollback\":[\(marks.joined(separator: ","))],"
            + "\"quarantines\":[\(quarantines.map { $0.jsonText() }.joined(separator: ","))],"
            + "\"quarantineInForce\":\(quarantineInForce?.jsonText() ?? "null"),"
            + "\"cycleReports\":[\(cycleReports.map(\.jsonText).joined(separator: ","))]}"
    }

    static func nullable(_ text: String?) -> String {
        text.map(JSONText.quoted) ?? "null"
    }
}

extension OTALocalizationDiagnostics.Installed {
    /// `{"sha256","folderSHA256","rolloutID","experimentID","arm","forced","localizations","publishedAt"}` in this order.
    var jsonText: String {
        "{\"sha256\":\(JSONText.quoted(sha256)),\"folderSHA256\":\(JSONText.quoted(folderSHA256)),"
            + "\"rolloutID\":\(OTALocalizationDiagnostics.nullable(rolloutID)),"
            + "\"experimentID\":\(OTALocalizationDiagnostics.nullable(experimentID)),"
            + "\"arm\":\(OTALocalizationDiagnostics.nullable(arm)),\"forced\":\(forced),"
            + "\"localizations\":[\(localizations.map(JSONText.quoted).joined(separator: ","))],"
            + "\"publishedAt\":\(OTALocalizationDiagnostics.nullable(publishedAt))}"
    }
}

extension OTALocalizationDiagnostics.CycleEntry {
    /// `{"endedAt","appVersion","channel","modulesOmitted","report"}` in this order, the report as
    /// ``OTALocalizationCycleReport/jsonText()`` writes it.
    var jsonText: String {
        "{\"endedAt\":\(JSONText.quoted(endedAt)),\"appVersion\":\(JSONText.quoted(appVersion)),"
            + "\"channel\":\(JSONText.quoted(channel)),\"modulesOmitted\":\(modulesOmitted),\"report\":\(report.jsonText())}"
    }
}
