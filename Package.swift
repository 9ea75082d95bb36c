// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "OTALocalizations",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "OTALocalizations", targets: ["OTALocalizations"]),
        .library(name: "OTALocalizationsSync", targets: ["OTALocalizationsSync"]),
        .library(name: "OTALocalizationsCore", targets: ["OTALocalizationsCore"]),
        .library(name: "OTALocalizationsPackager", targets: ["OTALocalizationsPackager"]),
        .executable(name: "ota-localizations", targets: ["ota-localizations"]),
        .executable(name: "ota-bench", targets: ["ota-bench"]),
    ],
    targets: [
        // MARK: Runtime (the app)
        // Read side every feature module imports: Foundation only, no networking.
        .target(name: "OTALocalizations"),
        // The app's actor service: update cycle, HTTP transport, installer, reports.
        .target(name: "OTALocalizationsSync", dependencies: ["OTALocalizations", "OTALocalizationsCore"]),

        // MARK: Formats shared by the app and CI
        .target(
            name: "OTALocalizationsCore",
            dependencies: [
                "COTAZlib",
                .target(name: "COTALibCrypto", condition: .when(platforms: [.linux, .android, .windows])),
            ]
        ),

        // MARK: Tooling (CI)
        .target(name: "OTALocalizationsPackager", dependencies: ["OTALocalizationsCore"]),
        .executableTarget(
            name: "ota-localizations",
            dependencies: ["OTALocalizationsPackager", "OTALocalizationsSync", "OTALocalizationsCore"]
        ),
        .executableTarget(
            name: "ota-bench",
            dependencies: ["OTALocalizations", "OTALocalizationsSync", "OTALocalizationsCore", "OTALocalizationsPackager", "OTATestSupport"]
        ),
        // libFuzzer targets for the Core parsers (Scripts/fuzz.sh, docs/fuzzing.md); replays files in a plain build.
        .executableTarget(name: "ota-fuzz", dependencies: ["OTALocalizationsCore"]),

        // MARK: C shims (system libraries)
        .systemLibrary(name: "COTAZlib", path: "Sources/COTAZlib"),
        .systemLibrary(name: "COTALibCrypto", path: "Sources/COTALibCrypto"),

        // MARK: Tests
        .target(
            name: "OTATestSupport", dependencies: ["OTALocalizationsSync", "OTALocalizationsCore"], path: "Tests/OTATestSupport"
        ),
        .testTarget(name: "OTALocalizationsTests", dependencies: ["OTALocalizations", "OTATestSupport"]),
        .testTarget(
            name: "OTALocalizationsSyncTests",
            dependencies: ["OTALocalizationsSync", "OTALocalizations", "OTALocalizationsCore", "OTATestSupport"]
        ),
        .testTarget(name: "OTALocalizationsCoreTests", dependencies: ["OTALocalizationsCore", "OTATestSupport"]),
        .testTarget(
            name: "OTALocalizationsPackagerTests",
            dependencies: ["OTALocalizationsPackager", "OTALocalizationsCore", "OTATestSupport"]
        ),
        .testTarget(
            name: "OTALocalizationsCLITests",
            dependencies: [
                "OTALocalizationsCore", "OTALocalizationsSync", "OTALocalizations", "OTATestSupport", "ota-localizations",
            ]
        ),

        // MARK: Apple platforms and the iOS example
        // Apple's own Bundle on installed bundles (compiled only with Apple's Foundation) and the CI workflow's shape.
        .testTarget(
            name: "ApplePlatformTests",
            dependencies: ["OTALocalizations", "OTALocalizationsSync", "OTALocalizationsPackager", "OTATestSupport"]
        ),
        // The iOS example app's sources that need neither SwiftUI nor UIKit, compiled and tested on every platform.
        .testTarget(
            name: "ExampleAppTests",
            dependencies: ["OTALocalizations", "OTALocalizationsSync", "OTALocalizationsPackager", "OTATestSupport"],
            path: "Examples/iOSApp",
            exclude: [
                "OTAExample.xcodeproj", "OTAExample/App", "OTAExample/Info.plist", "OTAExample/Resources", "OTAExampleTests",
                "Packages", "README.md", "publish.sh",
            ],
            sources: ["OTAExample/Support", "SupportTests"]
        ),
    ]
)
