import Testing
import OTALocalizationsSourceLint

/// A `Package.swift` read from its tokens: each target's name, its literal `path:` and `exclude:` (SwiftPM's
/// PackageDescription `Target`), and nothing it would have to run to know.
@Suite struct PackageManifestTargetsTests {
    @Test func readsEachTargetsNamePathAndExclusions() {
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Kit",
                products: [.library(name: "KitUI", targets: ["KitUI"])],
                targets: [
                    .target(name: "KitUI", path: "Sources", exclude: ["Other", "Notes.md"], resources: [.process("Resources")]),
                    .executableTarget(
                        name: "kit-tool",
                        dependencies: [.target(name: "KitUI"), .target(name: "KitCore", condition: .when(platforms: [.linux]))]
                    ),
                    .target(name: "KitCore"),
                    // .target(name: "Commented", path: "Old"),
                    .testTarget(name: "KitUITests", dependencies: ["KitUI"], path: "Tests/UI"),
                ]
            )
            """
        #expect(PackageManifestTargets.targets(in: manifest) == [
            .init(name: "KitUI", path: "Sources", isTest: false, excluded: ["Other", "Notes.md"]),
            .init(name: "kit-tool", path: nil, isTest: false),
            // A dependency `.target(name:)` before the declaration: one target, as declared.
            .init(name: "KitCore", path: nil, isTest: false),
            .init(name: "KitUITests", path: "Tests/UI", isTest: true),
        ])
    }

    @Test func aComputedNameOrPathIsLeftOut() {
        let manifest = """
            let root = "Sources"
            let targets: [Target] = ["A", "B"].map { .target(name: $0) }
            let package = Package(name: "P", targets: targets + [.target(name: "C", path: root + "/C"), .target(name: "D", path: "\\(root)/D")])
            """
        #expect(PackageManifestTargets.targets(in: manifest).isEmpty)
    }
}
