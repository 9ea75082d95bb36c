import Foundation
import OTALocalizations

/// The example app's localization settings, read once at launch from its `Info.plist`.
///
/// `OTALocalizationsBaseURL` is the hosting base URL: the service fetches
/// `<base URL>/<CFBundleShortVersionString>/manifest.json`. The Xcode project fills it from the `OTA_BASE_URL`
/// build setting (`http://localhost:8080`, where `publish.sh`'s output is served; see the README).
struct AppConfiguration: Equatable, Sendable {
    /// The `Info.plist` key holding the base URL.
    static let baseURLKey = "OTALocalizationsBaseURL"

    /// Why an `Info.plist` cannot configure over-the-air strings; the app then shows its embedded strings.
    struct Problem: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// Where the manifest and the ZIPs are published.
    var baseURL: URL
    /// The marketing version (`CFBundleShortVersionString`): the folder of the publish and of the installs.
    var appVersion: String
    /// Where installs are stored: `Application Support/<bundle identifier>/OTALocalizations` in the app, a temporary folder in tests.
    var storageRoot: URL

    init(baseURL: URL, appVersion: String, storageRoot: URL = OTAStorageLayout.defaultStorageRoot) {
        self.baseURL = baseURL
        self.appVersion = appVersion
        self.storageRoot = storageRoot
    }

    /// Reads `info`, the main bundle's `infoDictionary`.
    ///
    /// - Throws: ``Problem`` when `OTALocalizationsBaseURL` is missing, was not substituted by the build, or is not an
    ///   absolute `http`/`https` URL, or when `CFBundleShortVersionString` is missing or not a plain file name.
    init(infoDictionary info: [String: Any], storageRoot: URL = OTAStorageLayout.defaultStorageRoot) throws {
        guard let text = info[Self.baseURLKey] as? String, !text.isEmpty else {
            throw Problem(description: "Info.plist has no \(Self.baseURLKey); add it with the hosting base URL")
        }
        guard !text.contains("$(") else {
            throw Problem(description: "\(Self.baseURLKey) is \(text): set the OTA_BASE_URL build setting")
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host?.isEmpty == false
        else {
            throw Problem(description: "\(Self.baseURLKey) '\(text)' is not an absolute http or https URL")
        }
        guard let version = info["CFBundleShortVersionString"] as? String,
              OTAStorageLayout(storageRoot: storageRoot, appVersion: version).hasUsableAppVersion
        else {
            throw Problem(description: "Info.plist has no usable CFBundleShortVersionString; set MARKETING_VERSION")
        }
        self.init(baseURL: url, appVersion: version, storageRoot: storageRoot)
    }
}
