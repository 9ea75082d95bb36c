import Foundation
import OTALocalizations
import OTALocalizationsPackager
import OTALocalizationsSync
import OTALocalizationsTooling
import OTATestSupport

/// Modules' tables in a repository folder, published by the real packager into a static site folder and installed
/// by the real service through its public transport seam, for one test. Nothing here touches the service's or the
/// read side's internals: what a test sees is what an app sees. Main actor only, like the read side's loading.
@MainActor
final class Publication {
    static let appVersion = "1.0"
    static let baseURL = URL(string: "https://strings.test/ios")!

    let repository: TemporaryDirectory
    let site: TemporaryDirectory
    let storage: TemporaryDirectory
    let reports = OTALocalizationCycleReportRecorder()
    private(set) lazy var service = OTALocalizationService(configuration: OTALocalizationServiceConfiguration(
        baseURL: Self.baseURL, appVersion: Self.appVersion, storageRoot: storage.url,
        transport: FolderTransport(baseURL: Self.baseURL, folder: site.url),
        reportHandler: { [reports] in reports.record($0) }))

    /// An empty repository whose modules have `developmentRegion` (`ota-localizations.json`).
    init(developmentRegion: String = "en") throws {
        repository = try TemporaryDirectory("apple-repo")
        site = try TemporaryDirectory("apple-site")
        storage = try TemporaryDirectory("apple-storage")
        try repository.write("ota-localizations.json", "{\"developmentRegion\": \"\(developmentRegion)\"}\n")
    }

    /// Removes the three folders; call it in a `defer`, which also keeps the publication alive to the end.
    func remove() {
        repository.remove()
        site.remove()
        storage.remove()
    }

    /// Writes `text` as `Sources/<module>/Resources/<path>`, where discovery names the module after its target.
    func write(module: String, _ path: String, _ text: String) throws {
        try repository.write("Sources/\(module)/Resources/\(path)", text)
    }

    /// Packages every module into the site folder, dated `secondsAgo` before now (later publishes are newer).
    @discardableResult
    func package(secondsAgo: TimeInterval = 60) throws -> PackageResult {
        try Packager.package(PackageOptions(
            repositoryRoot: repository.url, appVersion: Self.appVersion, outputDirectory: site.url,
            publishedAt: Date(timeIntervalSinceNow: -secondsAgo).rounded()))
    }

    /// Runs one cycle of the service and returns its report.
    func sync() async throws -> OTALocalizationCycleReport {
        await service.start()
        return try requireReport()
    }

    private func requireReport() throws -> OTALocalizationCycleReport {
        guard let report = reports.latest else { throw ToolFailure(message: "the service sent no report") }
        return report
    }

    /// What the read side hands out for `modules` after a load from this storage root, as at the next cold start.
    ///
    /// Loads, reads and clears in one synchronous turn of the main actor: the read side's cache is process-wide and
    /// other suites load and clear it too, each also in one turn.
    func installedBundles(_ modules: [String]) -> [String: Bundle] {
        OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.url, appVersion: Self.appVersion)
        defer { OTALocalizedString.clearBundleCache() }
        return Dictionary(uniqueKeysWithValues: modules.compactMap { name in
            OTALocalizedString.bundle(for: name).map { (name, $0) }
        })
    }

    // MARK: Table text

    /// An old-style `.strings` table with `pairs` in order.
    static func strings(_ pairs: KeyValuePairs<String, String>) -> String {
        pairs.map { "\"\($0.key)\" = \"\($0.value)\";\n" }.joined()
    }

    /// A `.stringsdict` with one plural entry `key` (variable `n`, value type `ld`) whose forms are `forms`
    /// (category to text), written in CLDR's category order.
    static func pluralStringsDict(key: String, forms: [String: String]) -> String {
        let order = ["zero", "one", "two", "few", "many", "other"]
        let formLines = order.compactMap { category in
            forms[category].map { "\t\t\t<key>\(category)</key>\n\t\t\t<string>\($0)</string>\n" }
        }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>\(key)</key>
            \t<dict>
            \t\t<key>NSStringLocalizedFormatKey</key>
            \t\t<string>%#@n@</string>
            \t\t<key>n</key>
            \t\t<dict>
            \t\t\t<key>NSStringFormatSpecTypeKey</key>
            \t\t\t<string>NSStringPluralRuleType</string>
            \t\t\t<key>NSStringFormatValueTypeKey</key>
            \t\t\t<string>ld</string>
            \(formLines)\t\t</dict>
            \t</dict>
            </dict>
            </plist>

            """
    }
}

private extension Date {
    /// Whole seconds, as `publishedAt` is usually written.
    func rounded() -> Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
