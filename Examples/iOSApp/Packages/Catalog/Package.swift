// swift-tools-version:5.9
// The Catalog feature module of the example app. Its strings ship in Sources/Catalog/Resources/<language>.lproj,
// where `ota-localizations package` finds them (module name = target name).
import PackageDescription

let package = Package(
    name: "Catalog",
    defaultLocalization: "en",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "Catalog", targets: ["Catalog"]),
    ],
    dependencies: [
        // The OTALocalizations repository root. A real app depends on its Git URL and a version instead.
        .package(name: "OTALocalizations", path: "../../../.."),
    ],
    targets: [
        .target(
            name: "Catalog",
            dependencies: [.product(name: "OTALocalizations", package: "OTALocalizations")],
            resources: [.process("Resources")]
        ),
    ]
)
