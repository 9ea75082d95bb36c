import Foundation
import OTATestSupport
import Testing

/// docs/design.md draws the target graph as a text block; these tests keep it equal to `Package.swift`.
@Suite struct TargetGraphDocumentationTests {
    private static let root = TestPaths.packageRoot

    /// The "## Targets" block of docs/design.md: target → dependencies, each `Name` or `Name [platform, ...]`.
    private func documentedGraph() throws -> [(target: String, dependencies: [String])] {
        let design = try String(contentsOf: Self.root.appendingPathComponent("docs/design.md"), encoding: .utf8)
        let section = try #require(MarkdownText.section("## Targets", in: design), "docs/design.md has no '## Targets'")
        let block = try #require(MarkdownText.fencedBlocks("text", in: section).first, "'## Targets' has no ```text block")
        var graph: [(String, [String])] = []
        for line in block.map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty && !line.hasPrefix("//") {
            let sides = line.components(separatedBy: " -> ")
            #expect(sides.count <= 2, "docs/design.md: more than one arrow on '\(line)'")
            let dependencies = sides.count == 2
                ? PackageManifestText.splitTopLevel(sides[1][...]).map { $0.trimmingCharacters(in: .whitespaces) }
                : []
            graph.append((sides[0], dependencies))
        }
        return graph
    }

    private func packageGraph() throws -> PackageManifestText {
        try PackageManifestText(text: String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8))
    }

    @Test func diagramListsEveryTargetWithExactlyItsDependencies() throws {
        // Given: the graph Package.swift declares, and the one docs/design.md draws.
        let package = try packageGraph()
        let documented = try documentedGraph()

        // Then: the same targets, each once, and for each the same dependency set (platform conditions included).
        let documentedNames = documented.map(\.target)
        #expect(Set(documentedNames).count == documentedNames.count, "docs/design.md lists a target twice")
        let expected = Dictionary(uniqueKeysWithValues: package.dependencies.map { ($0.target, Set($0.dependencies.map(\.description))) })
        let actual = Dictionary(documented.map { ($0.target, Set($0.dependencies)) }, uniquingKeysWith: { first, _ in first })
        let corrected = package.dependencies.map { entry in
            entry.dependencies.isEmpty ? entry.target : "\(entry.target) -> \(entry.dependencies.map(\.description).joined(separator: ", "))"
        }
        let differences = Set(expected.keys).union(actual.keys).sorted().compactMap { target -> String? in
            switch (expected[target], actual[target]) {
            case (nil, _): return "\(target): not a target of Package.swift"
            case (_, nil): return "\(target): missing from the diagram"
            case let (package?, diagram?) where package != diagram:
                return "\(target): Package.swift has \(package.sorted()), the diagram \(diagram.sorted())"
            default: return nil
            }
        }
        #expect(differences.isEmpty, """
            docs/design.md's '## Targets' block differs from Package.swift:
            \(differences.joined(separator: "\n"))
            Package.swift's graph, in that block's form:
            \(corrected.joined(separator: "\n"))
            """)
    }

    /// Each Swift target imports exactly the package's targets it declares: a module used only through another
    /// target's dependency still builds, so the compiler alone would not catch an undeclared one.
    @Test func everyTargetImportsExactlyTheTargetsItDeclares() throws {
        let package = try packageGraph()
        let targets = Set(package.dependencies.map(\.target))
        var differences: [String] = []
        for (target, dependencies) in package.dependencies {
            let folder = Self.root.appendingPathComponent(package.paths[target]
                ?? (target.hasSuffix("Tests") || target == "OTATestSupport" ? "Tests/\(target)" : "Sources/\(target)"))
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            var imported: Set<String> = []
            var sawSwift = false
            while let file = walker.nextObject() as? String {
                guard file.hasSuffix(".swift"),
                      let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                else { continue }
                sawSwift = true
                // Imports start their line (an indented `import` is text inside a string, such as a template's).
                for line in text.split(separator: "\n") where line.first.map({ $0 != " " }) ?? false {
                    let words = line.split(separator: " ").map(String.init)
                    // `import X`, `@testable import X`, `package import X`, `@_exported import X`.
                    guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                          words[..<index].allSatisfy({ $0.hasPrefix("@") || $0 == "package" || $0 == "public" || $0 == "internal" })
                    else { continue }
                    let module = words[index + 1]
                    if targets.contains(module) { imported.insert(module) }
                }
            }
            guard sawSwift else { continue }
            let declared = Set(dependencies.map(\.name)).intersection(targets)
            let undeclared = imported.subtracting(declared).subtracting([target])
            // A C target is imported by the Swift targets that call it; an executable is declared by the tests that
            // run it, so that it is built first.
            let unused = declared.subtracting(imported).filter { !package.cTargets.contains($0) && !package.executables.contains($0) }
            if !undeclared.isEmpty { differences.append("\(target) imports \(undeclared.sorted()) without declaring it") }
            if !unused.isEmpty { differences.append("\(target) declares \(unused.sorted()) and imports none of it") }
        }
        #expect(differences.isEmpty, "Package.swift and the import lines disagree:\n\(differences.joined(separator: "\n"))")
    }

    @Test func packageReaderFindsTheShapesTheManifestUses() throws {
        // Given: a manifest with every dependency and resource shape the reader supports, and comments that must not
        // count.
        let text = """
            let package = Package(
                name: "X", // targets: ["Ignored"]
                products: [.library(name: "A", targets: ["A"])],
                targets: [
                    .target(name: "A", resources: [.copy("PrivacyInfo.xcprivacy"), .process("Resources", localization: .base)]),
                    /* .target(name: "Commented"), */
                    .target(name: "B", dependencies: ["A", .target(name: "C", condition: .when(platforms: [.windows, .linux]))]),
                    .executableTarget(name: "tool", dependencies: [.product(name: "P", package: "p"), .byName(name: "B")]),
                    .systemLibrary(name: "C", path: "Sources/C"),
                    .testTarget(name: "BTests", dependencies: ["B"]),
                ]
            )
            """

        // When: it is read.
        let graph = try PackageManifestText(text: text)

        // Then: five targets in order, with the arrows written above (platforms in their written order).
        #expect(graph.dependencies.map(\.target) == ["A", "B", "tool", "C", "BTests"])
        #expect(graph.dependencies.map { $0.dependencies.map(\.description) } == [
            [], ["A", "C [windows, linux]"], ["P", "B"], [], ["B"],
        ])
        // And the one path and the resource rules, in their written order.
        #expect(graph.paths == ["C": "Sources/C"])
        #expect(graph.resources.mapValues { $0.map(\.description) } == ["A": [#".copy("PrivacyInfo.xcprivacy")"#, #".process("Resources")"#]])
    }
}
