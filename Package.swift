// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "OTALocalizations",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "OTALocalizations", targets: ["OTALocalizations"]),
        .library(name: "OTALocalizationsSync", targets: ["OTALocalizationsSync"]),
        .library(name: "OTALocalizationsCore", targets: ["OTALocalizationsCore"]),
        .library(name: "OTALocalizationsPublishing", targets: ["OTALocalizationsPublishing"]),
        .library(name: "OTALocalizationsPackager", targets: ["OTALocalizationsPackager"]),
        .library(name: "OTALocalizationsValidation", targets: ["OTALocalizationsValidation"]),
        .library(name: "OTALocalizationsCatalogs", targets: ["OTALocalizationsCatalogs"]),
        .library(name: "OTALocalizationsSourceLint", targets: ["OTALocalizationsSourceLint"]),
        .executable(name: "ota-localizations", targets: ["ota-localizations"]),
        .executable(name: "ota-bench", targets: ["ota-bench"]),
        .plugin(name: "OTALocalizationsCommandPlugin", targets: ["OTALocalizationsCommandPlugin"]),
    ],
    targets: [
        // MARK: Runtime (the app)
        // Each Swift target an app links ships its privacy manifest, copied into the target's resource bundle
        // (docs/integration.md, "App Store"); PrivacyManifestTests compares each with the target's sources.
        // Read side every feature module imports: Foundation only, no networking.
        .target(
            name: "OTALocalizations", dependencies: ["OTALocalizationsNames", "OTALocalizationsDigest", "COTAAtomics"],
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        // The app's actor service: update cycle, HTTP transport, installer, reports.
        .target(
            name: "OTALocalizationsSync", dependencies: ["OTALocalizations", "OTALocalizationsCore", "OTALocalizationsNames"],
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),

        // MARK: Formats shared by the app and CI
        // The name rules the read side and Core both check, which cannot import each other, and the bundle-path model
        // (localization folder, table kind and its suffix) every side reads paths with. No dependencies.
        .target(name: "OTALocalizationsNames", resources: [.copy("PrivacyInfo.xcprivacy")]),
        // SHA-256 for the read side and Core (CryptoKit on Apple platforms, libcrypto elsewhere); package symbols only.
        // MD5, for the S3 ETag comparison, is the packager's own, so that no app links it.
        .target(
            name: "OTALocalizationsDigest",
            dependencies: [.target(name: "COTALibCrypto", condition: .when(platforms: [.linux, .android, .windows]))],
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        .target(
            name: "OTALocalizationsCore",
            dependencies: [
                "OTALocalizationsNames",
                "OTALocalizationsDigest",
                "COTAZlib",
                .target(name: "COTALibCrypto", condition: .when(platforms: [.linux, .android, .windows])),
            ],
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),

        // MARK: Tooling (CI)
        // The formats as CI writes them, and what only CI reads: the ZIP, deflate, gzip and property-list writers,
        // `manifest.json` (decoding and encoding), building and encoding the published index, signing keys and
        // signing, the format-specifier tokenizer, the parallel map. No app links it: on Linux the linker keeps every
        // public and package function of a linked target, so what devices never run lives here, not in Core.
        .target(
            name: "OTALocalizationsPublishing",
            dependencies: [
                "OTALocalizationsCore", "OTALocalizationsNames", "COTAZlib",
                .target(name: "COTALibCrypto", condition: .when(platforms: [.linux, .android, .windows])),
            ]
        ),
        // Checks of a module's tables (format specifiers, plural rules, baselines); knows nothing of packaging.
        .target(
            name: "OTALocalizationsValidation",
            dependencies: ["OTALocalizationsCore", "OTALocalizationsPublishing", "OTALocalizationsNames"]
        ),
        // The String Catalog (`.xcstrings`) reader and compiler.
        .target(
            name: "OTALocalizationsCatalogs",
            dependencies: ["OTALocalizationsCore", "OTALocalizationsPublishing", "OTALocalizationsNames"]
        ),
        // `lint-sources`: finds lookups in Swift sources that bypass a module's bundle, and reads the development values
        // lookups write beside their keys. Foundation, and the package's SHA-256 for baseline fingerprints.
        .target(name: "OTALocalizationsSourceLint", dependencies: ["OTALocalizationsDigest"]),
        // Configuration, discovery, loading, packing, publishing: one pipeline for `package` and `validate`, which hands
        // validation the development values of each module's Swift sources.
        .target(
            name: "OTALocalizationsPackager",
            dependencies: [
                "OTALocalizationsCore", "OTALocalizationsPublishing", "OTALocalizationsNames", "OTALocalizationsDigest",
                "OTALocalizationsValidation", "OTALocalizationsCatalogs", "OTALocalizationsSourceLint", "OTALocalizationsSync",
                .target(name: "COTALibCrypto", condition: .when(platforms: [.linux, .android, .windows])),
            ]
        ),
        // What the command-line tool, the benchmark and the tests share and apps do not link: the storage-root lock,
        // reading installed tables, a report recorder, loopback sockets for a local nginx.
        .target(
            name: "OTALocalizationsTooling",
            dependencies: [
                "OTALocalizations", "OTALocalizationsSync", "OTALocalizationsCore", "OTALocalizationsPublishing",
                "OTALocalizationsNames",
            ]
        ),
        .executableTarget(
            name: "ota-localizations",
            dependencies: [
                "OTALocalizationsPackager", "OTALocalizationsValidation", "OTALocalizationsCatalogs",
                "OTALocalizationsSourceLint", "OTALocalizationsSync", "OTALocalizations", "OTALocalizationsCore",
                "OTALocalizationsPublishing", "OTALocalizationsNames", "OTALocalizationsTooling",
            ]
        ),
        .executableTarget(
            name: "ota-bench",
            dependencies: [
                "OTALocalizations", "OTALocalizationsSync", "OTALocalizationsCore", "OTALocalizationsPublishing",
                "OTALocalizationsNames", "OTALocalizationsPackager", "OTALocalizationsValidation", "OTALocalizationsTooling",
            ]
        ),
        // `swift package ota-localizations <command> …` in a package that depends on this one: SwiftPM builds the tool
        // for the host and the plugin runs it in that package's directory (docs/integration.md, "The command plugin").
        // Permissions are the plugin's, not a command's: SwiftPM asks for both whatever the command (tools version 5.9
        // and later have the network one).
        .plugin(
            name: "OTALocalizationsCommandPlugin",
            capability: .command(
                intent: .custom(verb: "ota-localizations", description: "Run the ota-localizations tool in this package's directory"),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "package --output, --write-baseline, compile-catalog, scaffold-module and keygen write their files into the package"
                    ),
                    .allowNetworkConnections(
                        scope: .all(),
                        reason: "publish, promote and rollout write to the strings' host; sync, verify, diff and an HTTP --baseline read from it"
                    ),
                ]
            ),
            dependencies: ["ota-localizations"]
        ),
        // libFuzzer targets for the Core parsers (Scripts/fuzz.sh, docs/fuzzing.md); replays files in a plain build.
        .executableTarget(name: "ota-fuzz", dependencies: ["OTALocalizationsCore", "OTALocalizationsPublishing"]),

        // MARK: C shims (system libraries)
        .systemLibrary(name: "COTAZlib", path: "Sources/COTAZlib"),
        .systemLibrary(name: "COTALibCrypto", path: "Sources/COTALibCrypto"),
        // C11 atomic pointer loads and stores for the read side's lock-free lookup.
        .target(name: "COTAAtomics"),

        // MARK: Tests
        .target(
            name: "OTATestSupport", dependencies: ["OTALocalizationsSync", "OTALocalizationsCore"],
            path: "Tests/OTATestSupport"
        ),
        .testTarget(
            name: "OTALocalizationsTests", dependencies: ["OTALocalizations", "OTATestSupport"]
        ),
        .testTarget(name: "OTALocalizationsNamesTests", dependencies: ["OTALocalizationsNames"]),
        // The repository itself: references between files, the package manifest's targets, privacy manifests.
        .testTarget(
            name: "RepositoryTests", dependencies: ["OTALocalizationsCore", "OTALocalizationsSourceLint", "OTATestSupport"]
        ),
        .testTarget(
            name: "OTALocalizationsSyncTests",
            dependencies: [
                "OTALocalizationsSync", "OTALocalizations", "OTALocalizationsCore", "OTALocalizationsPublishing",
                "OTALocalizationsTooling", "OTATestSupport",
            ]
        ),
        .testTarget(
            name: "OTALocalizationsCoreTests",
            dependencies: ["OTALocalizationsCore", "OTALocalizationsPublishing", "OTALocalizationsNames", "OTATestSupport"]
        ),
        .testTarget(
            name: "OTALocalizationsPublishingTests",
            dependencies: ["OTALocalizationsPublishing", "OTALocalizationsCore", "OTATestSupport"]
        ),
        .testTarget(
            name: "OTALocalizationsValidationTests",
            dependencies: ["OTALocalizationsValidation", "OTALocalizationsCore", "OTALocalizationsPublishing", "OTATestSupport"]
        ),
        .testTarget(
            name: "OTALocalizationsCatalogsTests",
            dependencies: ["OTALocalizationsCatalogs"]
        ),
        .testTarget(name: "OTALocalizationsSourceLintTests", dependencies: ["OTALocalizationsSourceLint", "OTATestSupport"]),
        .testTarget(
            name: "OTALocalizationsPackagerTests",
            dependencies: [
                "OTALocalizationsPackager", "OTALocalizationsValidation", "OTALocalizationsSourceLint", "OTALocalizationsCore",
                "OTALocalizationsPublishing", "OTATestSupport",
            ]
        ),
        .testTarget(
            name: "OTALocalizationsCLITests",
            dependencies: [
                "OTALocalizationsCore", "OTALocalizationsPublishing", "OTALocalizationsSync", "OTALocalizations",
                "OTALocalizationsTooling", "OTATestSupport", "ota-localizations",
            ]
        ),

        // MARK: Apple platforms and the iOS example
        // Apple's own Bundle on installed bundles (compiled only with Apple's Foundation) and the CI workflow's shape.
        .testTarget(
            name: "ApplePlatformTests",
            dependencies: [
                "OTALocalizations", "OTALocalizationsSync", "OTALocalizationsPackager", "OTALocalizationsTooling", "OTATestSupport",
            ]
        ),
        // The iOS example app's sources that need neither SwiftUI nor UIKit, compiled and tested on every platform.
        .testTarget(
            name: "ExampleAppTests",
            dependencies: [
                "OTALocalizations", "OTALocalizationsSync", "OTALocalizationsPackager", "OTALocalizationsSourceLint", "OTATestSupport",
            ],
            path: "Examples/iOSApp",
            exclude: [
                "OTAExample.xcodeproj", "OTAExample/App", "OTAExample/Info.plist", "OTAExample/Resources", "OTAExampleTests",
                "Packages", "README.md", "publish.sh",
            ],
            sources: ["OTAExample/Support", "SupportTests"]
        ),
    ]
)
