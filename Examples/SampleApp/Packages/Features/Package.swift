// swift-tools-version:5.9
// The app's feature modules. Each target ships its strings in Sources/<Target>/Resources/<lang>.lproj,
// which is where `ota-localizations package` finds them (module name = target name).
import PackageDescription

let package = Package(
    name: "Features",
    defaultLocalization: "en",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "Checkout", targets: ["Checkout"]),
        .library(name: "Profile", targets: ["Profile"]),
        .library(name: "Search", targets: ["Search"]),
    ],
    dependencies: [
        // The OTALocalizations repository root. A real app depends on its Git URL and a version instead.
        .package(name: "OTALocalizations", path: "../../../.."),
    ],
    targets: [
        .target(
            name: "Checkout",
            dependencies: [.product(name: "OTALocalizations", package: "OTALocalizations")],
            resources: [.process("Resources")]
        ),
        .target(
            name: "Profile",
            dependencies: [.product(name: "OTALocalizations", package: "OTALocalizations")],
            resources: [.process("Resources")]
        ),
        .target(
            name: "Search",
            dependencies: [.product(name: "OTALocalizations", package: "OTALocalizations")],
            resources: [.process("Resources")]
        ),
    ]
)
