import Foundation
import OTATestSupport
import Testing

/// The code only an Apple compiler sees stays small and listed: every `#if` branch in `Sources/` that an Apple compiler
/// takes and Linux does not is at most 25 lines, and its file has a row in docs/apple-platform.md, section B, with
/// the Apple APIs it calls; every row names a file that still has such a branch. Linux never compiles these lines, so
/// neither the tests nor `Scripts/apple-availability` see them: the table is where a reviewer with a Mac looks.
@Suite struct AppleOnlyCodeTests {
    private static let maximumLines = 25

    @Test func everyAppleOnlyBranchIsShortAndListed() throws {
        let root = TestPaths.packageRoot
        let sources = try swiftFiles(under: root.appendingPathComponent("Sources"))
        var withBranches: Set<String> = []
        for file in sources {
            let relative = String(file.path.dropFirst(root.path.count + 1))
            let text = try String(contentsOf: file, encoding: .utf8)
            for branch in ConditionalBranches.appleOnly(in: text) where !branch.onlyImports {
                withBranches.insert(relative)
                #expect(branch.codeLines <= Self.maximumLines,
                        "\(relative):\(branch.line): \(branch.codeLines) lines only an Apple compiler sees; keep it a few obvious lines")
            }
        }
        let listed = try listedFiles()
        #expect(withBranches.subtracting(listed).isEmpty,
                "Apple-only branches not in docs/apple-platform.md section B: \(withBranches.subtracting(listed).sorted())")
        #expect(listed.subtracting(withBranches).isEmpty,
                "rows of docs/apple-platform.md section B without an Apple-only branch: \(listed.subtracting(withBranches).sorted())")
    }

    /// The evaluation the test relies on, on the shapes the sources use.
    @Test func findsTheBranchesAnAppleCompilerTakesAndLinuxDoesNot() {
        let text = """
            #if canImport(Glibc)
            import Glibc
            #elseif canImport(Darwin)
            import Darwin
            #endif
            func f() {
                #if canImport(Darwin)
                let a = 1
                let b = 2
                #else
                let a = 3
                #endif
                #if canImport(FoundationNetworking)
                import FoundationNetworking
                #endif
                #if DEBUG
                let debug = true
                #endif
                #if !canImport(Darwin)
                let linux = 1
                #else
                let apple = 1
                #endif
            }
            """
        let branches = ConditionalBranches.appleOnly(in: text)
        #expect(branches.map(\.line) == [3, 7, 21])
        #expect(branches.map(\.onlyImports) == [true, false, false])
        #expect(branches.map(\.codeLines) == [1, 2, 1])
    }

    private func listedFiles() throws -> Set<String> {
        let text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/apple-platform.md"), encoding: .utf8)
        guard let start = text.range(of: "## B — Branches only an Apple compiler sees"),
              let end = text.range(of: "\n## ", range: start.upperBound..<text.endIndex)
        else { return [] }
        var files: Set<String> = []
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("| B") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.count > 1 { files.insert(cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))) }
        }
        return files
    }

    private func swiftFiles(under folder: URL) throws -> [URL] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }
}

/// The `#if` / `#elseif` / `#else` branches of a Swift file that an Apple compiler takes and Linux does not, read line
/// by line (The Swift Programming Language, "Conditional Compilation Block"): `canImport(_:)` and `os(_:)` of the
/// platforms' modules, `!`, `&&` and `||`; anything else (`DEBUG`, `compiler(>=…)`) is the same on both, so never
/// Apple-only.
enum ConditionalBranches {
    struct Branch: Equatable {
        /// The line of its `#if`, `#elseif` or `#else` (from 1).
        var line: Int
        /// Lines of code in it, blank and comment lines left out.
        var codeLines: Int
        /// Whether every line of code is an `import`.
        var onlyImports: Bool
    }

    private static let appleModules: Set<String> = ["Darwin", "CryptoKit", "UIKit", "SwiftUI", "AppKit", "ObjectiveC"]
    private static let linuxModules: Set<String> = ["Glibc", "Musl", "FoundationNetworking", "FoundationXML"]
    private static let appleSystems: Set<String> = ["macOS", "iOS", "tvOS", "watchOS", "visionOS"]

    static func appleOnly(in text: String) -> [Branch] {
        struct Chain { var takenOnApple = false, takenOnLinux = false, open: (line: Int, appleOnly: Bool, lines: [String])? }
        var chains: [Chain] = []
        var result: [Branch] = []
        func close(_ chain: inout Chain) {
            guard let open = chain.open, open.appleOnly else { return }
            let code = open.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("//") }
            result.append(Branch(line: open.line, codeLines: code.count, onlyImports: code.allSatisfy { $0.hasPrefix("import ") }))
        }
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            let directive = line.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
            let condition = line.split(separator: " ", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
            switch directive {
            case "#if", "#elseif", "#else":
                if directive == "#if" { chains.append(Chain()) } else if !chains.isEmpty { close(&chains[chains.count - 1]) }
                guard !chains.isEmpty else { continue }
                var chain = chains.removeLast()
                let apple = directive == "#else" ? true : evaluate(condition, apple: true)
                let linux = directive == "#else" ? true : evaluate(condition, apple: false)
                let takesApple = !chain.takenOnApple && apple
                let takesLinux = !chain.takenOnLinux && linux
                chain.takenOnApple = chain.takenOnApple || apple
                chain.takenOnLinux = chain.takenOnLinux || linux
                chain.open = (index + 1, takesApple && !takesLinux, [])
                chains.append(chain)
            case "#endif":
                guard !chains.isEmpty else { continue }
                close(&chains[chains.count - 1])
                chains.removeLast()
            default:
                for depth in chains.indices { chains[depth].open?.lines.append(line) }
            }
        }
        return result
    }

    /// A condition on one platform: `||` of `&&` of terms, each `!`-negated or not.
    private static func evaluate(_ condition: String, apple: Bool) -> Bool {
        condition.components(separatedBy: "||").contains { conjunction in
            conjunction.components(separatedBy: "&&").allSatisfy { term($0.trimmingCharacters(in: .whitespaces), apple: apple) }
        }
    }

    private static func term(_ text: String, apple: Bool) -> Bool {
        if text.hasPrefix("!") { return !term(String(text.dropFirst()), apple: apple) }
        func argument(_ name: String) -> String? {
            guard text.hasPrefix(name + "("), text.hasSuffix(")") else { return nil }
            return String(text.dropFirst(name.count + 1).dropLast())
        }
        if let module = argument("canImport") {
            if appleModules.contains(module) { return apple }
            if linuxModules.contains(module) { return !apple }
            return true
        }
        if let system = argument("os") {
            return apple ? appleSystems.contains(system) : system == "Linux"
        }
        return true
    }
}
