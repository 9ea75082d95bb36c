import Foundation
import OTALocalizations
import Testing

/// The example app's `Info.plist` reading (`OTAExample/Support/AppConfiguration.swift`), on every platform.
@Suite struct AppConfigurationTests {
    private let root = URL(fileURLWithPath: "/tmp/ota-example-root", isDirectory: true)

    @Test func aSubstitutedInfoPlistGivesTheBaseURLAndTheMarketingVersion() throws {
        let configuration = try AppConfiguration(
            infoDictionary: ["OTALocalizationsBaseURL": "https://strings.example.com/ios", "CFBundleShortVersionString": "2.3.1"],
            storageRoot: root)

        #expect(configuration == AppConfiguration(
            baseURL: URL(string: "https://strings.example.com/ios")!, appVersion: "2.3.1", storageRoot: root))
    }

    @Test(arguments: [
        ([:], "Info.plist has no OTALocalizationsBaseURL; add it with the hosting base URL"),
        (["OTALocalizationsBaseURL": "$(OTA_BASE_URL)", "CFBundleShortVersionString": "1.0"],
         "OTALocalizationsBaseURL is $(OTA_BASE_URL): set the OTA_BASE_URL build setting"),
        (["OTALocalizationsBaseURL": "ftp://strings.example.com", "CFBundleShortVersionString": "1.0"],
         "OTALocalizationsBaseURL 'ftp://strings.example.com' is not an absolute http or https URL"),
        (["OTALocalizationsBaseURL": "strings.example.com/ios", "CFBundleShortVersionString": "1.0"],
         "OTALocalizationsBaseURL 'strings.example.com/ios' is not an absolute http or https URL"),
        (["OTALocalizationsBaseURL": "http://localhost:8080"],
         "Info.plist has no usable CFBundleShortVersionString; set MARKETING_VERSION"),
        (["OTALocalizationsBaseURL": "http://localhost:8080", "CFBundleShortVersionString": "../1.0"],
         "Info.plist has no usable CFBundleShortVersionString; set MARKETING_VERSION"),
    ] as [([String: String], String)])
    func anUnusableInfoPlistIsAProblemThatSaysWhatToDo(_ info: [String: String], _ message: String) {
        let problem = #expect(throws: AppConfiguration.Problem.self) {
            try AppConfiguration(infoDictionary: info, storageRoot: root)
        }
        #expect(problem?.description == message)
    }

    @Test func theKillSwitchFlagIsStoredInUserDefaults() throws {
        let suite = "AppConfigurationTests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let flag = KillSwitchFlag(defaults: defaults)

        #expect(!flag.isOn)
        flag.isOn = true
        #expect(defaults.bool(forKey: "OTALocalizationsKillSwitch"))
        #expect(KillSwitchFlag(defaults: defaults).isOn)
    }
}
