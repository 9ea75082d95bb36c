// swift-tools-version:5.9
// The Basket feature module of the example app. Its strings ship in Sources/Basket/Resources/<language>.lproj,
// where `ota-localizations package` finds them (module name = target name).
import PackageDescription

let package = Package(
    name: "Basket",
    defaultLocalization: "en",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "Basket", targets: ["Basket"]),
    ],
    dependencies: [
        // The OTALocalizations repository root. A real app depends on its Git URL and a version instead.
        .package(name: "OTALocalizations", path: "../../../.."),
    ],
    targets: [
        .target(
            name: "Basket",
            dependencies: [.product(name: "OTALocalizations", package: "OTALocalizations")],
            resources: [.process("Resources")]
        ),
    ]
)
