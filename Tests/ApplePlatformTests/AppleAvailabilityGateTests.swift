import Foundation
import OTATestSupport
import Testing

/// `Scripts/apple-availability` finds what an Apple compiler would refuse: a scratch package holds each kind of use
/// the first Mac build of this repository refused (a Core function needing iOS 18, a catalog rewrite needing iOS 16,
/// `URL(filePath:)` in a read side, `ContinuousClock` in an executable's top-level code and an unannotated extension,
/// `.timeLimit` and `Regex` in a test target), the forms that make such a use legal (`if #available`, `guard
/// #available`, `@available`, an `#if os(Linux)` branch, the allowlist), and text that could fool a scanner (braces
/// and `#available` in strings and comments). Every planted use is reported with its file and line, nothing else is.
@Suite(.serialized) struct AppleAvailabilityGateTests {
    private static let script = TestPaths.packageRoot.appendingPathComponent("Scripts/apple-availability").path

    private func gate(_ package: TemporaryDirectory, _ arguments: [String] = []) async throws -> ToolResult {
        try await ExternalTool.run(Self.script, ["--package-path", package.path] + arguments)
    }

    @Test func reportsEveryPlantedUseWithItsFileAndLineAndNothingElse() async throws {
        let package = try TemporaryDirectory("availability")
        defer { package.remove() }
        try PlantedPackage.write(into: package)

        let result = try await gate(package)

        #expect(result.status == 1, "\(result.stderr)")
        let lines = Set(result.stdout.split(separator: "\n").map(String.init))
        let expected: Set<String> = [
            "Sources/Core/OrderedJSON.swift:2: String.init(validating:as:) needs iOS 18 (minimum iOS 15)",
            "Sources/Core/OrderedJSON.swift:2: String.init(validating:as:) needs macOS 15 (minimum macOS 12)",
            // `if #available(macOS 15, *)` raises macOS only.
            "Sources/Core/OrderedJSON.swift:28: String.init(validating:as:) needs iOS 18 (minimum iOS 15)",
            "Sources/Core/OrderedJSON.swift:37: String.init(validating:as:) needs iOS 18 (minimum iOS 15)",
            "Sources/Core/OrderedJSON.swift:37: String.init(validating:as:) needs macOS 15 (minimum macOS 12)",
            "Sources/Catalogs/CatalogCompilation.swift:2: RangeReplaceableCollection.replacing(_:with:maxReplacements:) needs iOS 16 (minimum iOS 15)",
            "Sources/Catalogs/CatalogCompilation.swift:2: RangeReplaceableCollection.replacing(_:with:maxReplacements:) needs macOS 13 (minimum macOS 12)",
            "Sources/ReadSide/Paths.swift:4: URL.init(filePath:directoryHint:relativeTo:) needs iOS 16 (minimum iOS 15)",
            "Sources/ReadSide/Paths.swift:4: URL.init(filePath:directoryHint:relativeTo:) needs macOS 13 (minimum macOS 12)",
            // An executable is held to macOS only.
            "Sources/bench/main.swift:1: ContinuousClock needs macOS 13 (minimum macOS 12)",
            "Sources/bench/main.swift:1: ContinuousClock.init() needs macOS 13 (minimum macOS 12)",
            "Sources/bench/main.swift:2: ContinuousClock.now needs macOS 13 (minimum macOS 12)",
            "Sources/bench/main.swift:4: Duration needs macOS 13 (minimum macOS 12)",
            "Sources/bench/main.swift:5: Duration.components needs macOS 13 (minimum macOS 12)",
            "Sources/bench/main.swift:8: ContinuousClock.Instant.-(_:_:) needs macOS 13 (minimum macOS 12)",
            "Sources/bench/main.swift:8: ContinuousClock.now needs macOS 13 (minimum macOS 12)",
            // So is a test target.
            "Tests/CoreTests/CoreTests.swift:5: TimeLimitTrait.Duration.minutes(_:) needs macOS 13 (minimum macOS 12)",
            "Tests/CoreTests/CoreTests.swift:5: Trait.timeLimit(_:) needs macOS 13 (minimum macOS 12)",
            "Tests/CoreTests/CoreTests.swift:10: Regex needs macOS 13 (minimum macOS 12)",
            "Tests/CoreTests/CoreTests.swift:10: Regex.init(_:) needs macOS 13 (minimum macOS 12)",
            // The older contains(_:) takes an element, not a regex.
            "Tests/CoreTests/CoreTests.swift:11: BidirectionalCollection.contains(_:) needs macOS 13 (minimum macOS 12)",
            // A guard's scope ends at the next case of its switch; a regex literal hides no brace.
            "Sources/Core/Layouts.swift:7: Duration needs iOS 16 (minimum iOS 15)",
            "Sources/Core/Layouts.swift:7: Duration needs macOS 13 (minimum macOS 12)",
            "Sources/Core/Layouts.swift:7: Duration.seconds(_:) needs iOS 16 (minimum iOS 15)",
            "Sources/Core/Layouts.swift:7: Duration.seconds(_:) needs macOS 13 (minimum macOS 12)",
            "Sources/Core/Layouts.swift:12: ContinuousClock needs iOS 16 (minimum iOS 15)",
            "Sources/Core/Layouts.swift:12: ContinuousClock needs macOS 13 (minimum macOS 12)",
            "Sources/Core/Layouts.swift:12: ContinuousClock.now needs iOS 16 (minimum iOS 15)",
            "Sources/Core/Layouts.swift:12: ContinuousClock.now needs macOS 13 (minimum macOS 12)",
            // An older split(separator:) exists, but takes an element, not a collection: reported.
            "Sources/Core/Layouts.swift:13: Collection.split(separator:maxSplits:omittingEmptySubsequences:) needs iOS 16 (minimum iOS 15)",
            "Sources/Core/Layouts.swift:13: Collection.split(separator:maxSplits:omittingEmptySubsequences:) needs macOS 13 (minimum macOS 12)",
        ]
        #expect(lines == expected, "missing: \(expected.subtracting(lines)); unexpected: \(lines.subtracting(expected))")
        #expect(result.stderr.contains("31 use(s) newer than the minimum"))
    }

    @Test func passesOnceTheUsesAreFixedAndKeepsItsAllowlistShortAndTrue() async throws {
        let package = try TemporaryDirectory("availability")
        defer { package.remove() }
        try PlantedPackage.write(into: package)
        try PlantedPackage.fix(package)

        let clean = try await gate(package)
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stdout.isEmpty)
        #expect(clean.stderr.contains("no use newer than the minimum in 7 files of 5 targets"))

        // An entry that matches nothing any more fails the gate, so the list never outlives the code.
        try package.write(
            PlantedPackage.allowlist,
            PlantedPackage.allowlistText + "Sources/Core/OrderedJSON.swift | String.init(validating:as:) | fixed long ago\n")
        let stale = try await gate(package, ["--skip-build"])
        #expect(stale.status == 1)
        #expect(
            stale.stdout == "Scripts/apple-availability.allowlist:3: 'Sources/Core/OrderedJSON.swift | "
                + "String.init(validating:as:)' matches no use any more: remove the line\n")

        // An entry must say why the use is safe.
        try package.write(PlantedPackage.allowlist, "Sources/ReadSide/Allowed.swift | URL.init(filePath:directoryHint:relativeTo:) |\n")
        let unexplained = try await gate(package, ["--skip-build"])
        #expect(unexplained.status == 2)
        #expect(unexplained.stderr.contains("apple-availability.allowlist:1: expected '<file> | <declaration> | <reason>', with a reason"))
    }
}

/// The scratch package of ``AppleAvailabilityGateTests``: iOS 15 and macOS 12, like this repository.
private enum PlantedPackage {
    static let allowlist = "Scripts/apple-availability.allowlist"
    static let allowlistText = """
        # A use the gate would report, allowed with its reason.
        Sources/ReadSide/Allowed.swift | URL.init(filePath:directoryHint:relativeTo:) | the test's allowed use

        """

    static func write(into package: TemporaryDirectory) throws {
        try package.write("Package.swift", """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Planted",
                platforms: [.iOS(.v15), .macOS(.v12)],
                targets: [
                    .target(name: "Core"),
                    .target(name: "Catalogs"),
                    .target(name: "ReadSide"),
                    .executableTarget(name: "bench"),
                    .testTarget(name: "CoreTests", dependencies: ["Core"]),
                ]
            )

            """)
        // Line numbers matter: the test expects lines 2, 28 and 37 reported, and 12, 19, 24 and 33 not.
        try package.write("Sources/Core/OrderedJSON.swift", #"""
            public func decode(_ bytes: [UInt8]) -> String? {
                String(validating: bytes, as: UTF8.self)
            }

            // Text that must not fool the scanner: braces in strings, #available in comments.
            let braces = "} { \("}") #available(macOS 99, *) {"  /* if #available(macOS 99, iOS 99, *) { */
            let raw = #"}"# + """
                { "
                """

            public func covered(_ bytes: [UInt8]) -> String? {
                if #available(macOS 15, iOS 18, *) {
                    return String(validating: bytes, as: UTF8.self)
                }
                return nil
            }

            @available(macOS 15, iOS 18, *)
            public func annotated(_ bytes: [UInt8]) -> String? { String(validating: bytes, as: UTF8.self) }

            public func guarded(_ bytes: [UInt8]) -> String? {
                guard #available(macOS 15, iOS 18, *) else { return nil }
                return String(validating: bytes, as: UTF8.self)
            }

            public func halfCovered(_ bytes: [UInt8]) -> String? {
                if #available(macOS 15, *) {
                    return String(validating: bytes, as: UTF8.self)
                }
                return nil
            }

            #if os(Linux)
            public func linuxOnly(_ bytes: [UInt8]) -> String? { String(validating: bytes, as: UTF8.self) }
            #endif

            public func after(_ bytes: [UInt8]) -> String? { String(validating: bytes, as: UTF8.self) }

            """#)
        // Line numbers matter: 7, 12 and 13 are reported; 5, 9 (after #available in its condition list), 10 (the
        // else-if of #unavailable, SE-0290) and 11 are not.
        try package.write("Sources/Core/Layouts.swift", """
            public func layouts(_ s: String, k: Int, flag: Bool) -> Int {
                switch k {
                case 0:
                    guard #available(macOS 13, iOS 16, *) else { return 0 }
                    _ = Duration.seconds(4)
                default:
                    _ = Duration.seconds(5)
                }
                if #available(macOS 13, iOS 16, *), let d = Optional(Duration.seconds(1)) { _ = d }
                if #unavailable(macOS 13, iOS 16) { return 1 } else if flag { _ = Duration.seconds(2) } else { return 3 }
                if #available(macOS 13, iOS 16, *) { let r = /x{/; _ = r }
                _ = ContinuousClock.now
                return s.split(separator: "ab").count
            }

            """)
        try package.write("Sources/Catalogs/CatalogCompilation.swift", """
            public func compile(_ text: String) -> String {
                text.replacing("%arg", with: "%d")
            }

            """)
        try package.write("Sources/ReadSide/Paths.swift", """
            import Foundation

            public func folder(_ path: String) -> URL {
                URL(filePath: path)
            }

            """)
        try package.write("Sources/ReadSide/Allowed.swift", """
            import Foundation

            public func allowedFolder(_ path: String) -> URL {
                URL(filePath: path)
            }

            """)
        try package.write("Sources/bench/main.swift", """
            let clock = ContinuousClock()
            let start = clock.now

            extension Duration {
                var seconds: Double { Double(components.seconds) }
            }

            print((clock.now - start).seconds)

            """)
        try package.write("Tests/CoreTests/CoreTests.swift", """
            import Testing
            @testable import Core

            @Suite struct CoreTests {
                @Test(.timeLimit(.minutes(1))) func decodes() {
                    #expect(after([65]) == "A")
                }

                @Test func matches() throws {
                    let regex = try Regex("a+")
                    #expect("caat".contains(regex))
                }
            }

            """)
        try package.write(allowlist, allowlistText)
    }

    /// Rewrites every planted use in the form an iOS 15 / macOS 12 compiler accepts.
    static func fix(_ package: TemporaryDirectory) throws {
        try package.write("Sources/Core/Layouts.swift", """
            public func layouts(_ s: String, k: Int, flag: Bool) -> Int {
                s.split(separator: "a").count + k + (flag ? 1 : 0)
            }

            """)
        try package.write("Sources/Core/OrderedJSON.swift", """
            public func decode(_ bytes: [UInt8]) -> String? {
                let text = String(decoding: bytes, as: UTF8.self)
                return text.utf8.elementsEqual(bytes) ? text : nil
            }

            """)
        try package.write("Sources/Catalogs/CatalogCompilation.swift", """
            import Foundation

            public func compile(_ text: String) -> String {
                text.replacingOccurrences(of: "%arg", with: "%d")
            }

            """)
        try package.write("Sources/ReadSide/Paths.swift", """
            import Foundation

            public func folder(_ path: String) -> URL {
                URL(fileURLWithPath: path)
            }

            """)
        try package.write("Sources/bench/main.swift", """
            import Dispatch

            let start = DispatchTime.now().uptimeNanoseconds
            print(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)

            """)
        try package.write("Tests/CoreTests/CoreTests.swift", """
            import Foundation
            import Testing
            @testable import Core

            @Suite struct CoreTests {
                @Test func decodes() {
                    #expect(decode([65]) == "A")
                }

                @Test func matches() throws {
                    #expect("caat".range(of: "a+", options: .regularExpression) != nil)
                }
            }

            """)
    }
}
