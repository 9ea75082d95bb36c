/// The targets a `Package.swift` declares, read from its tokens without running it: each `.target(…)`,
/// `.executableTarget(…)`, `.testTarget(…)` (and the other target kinds) whose `name:` is a string literal, with its
/// `path:` when that is a string literal too.
///
/// SwiftPM looks a target's files up in `path` relative to the package root when given, and otherwise in a folder
/// named after the target inside one of its predefined folders (``defaultParents(isTest:)``; SwiftPM's
/// PackageDescription documentation of `Target.path`). A manifest that computes names or paths (a loop, a
/// variable) is not evaluated: those targets are left out, and the folder convention applies to their files.
///
/// Pure; safe from any thread.
public enum PackageManifestTargets {
    /// One target as declared.
    public struct Target: Sendable, Equatable {
        public var name: String
        /// The `path:` argument as written (relative to the package root), or nil when there is none.
        public var path: String?
        /// Whether it is a `.testTarget`, whose default folders differ.
        public var isTest: Bool
        /// The `exclude:` paths that are string literals, relative to the target's folder.
        public var excluded: [String]

        public init(name: String, path: String?, isTest: Bool, excluded: [String] = []) {
            self.name = name
            self.path = path
            self.isTest = isTest
            self.excluded = excluded
        }
    }

    /// The target-declaring functions of PackageDescription.
    static let kinds: Set<String> = [
        "target", "executableTarget", "testTarget", "macro", "plugin", "systemLibrary", "binaryTarget",
    ]

    /// The folders SwiftPM searches, in order, for a target without `path:` (`Sources/<name>` first).
    public static func defaultParents(isTest: Bool) -> [String] {
        isTest ? ["Tests", "Sources", "Source", "src", "srcs"] : ["Sources", "Source", "src", "srcs"]
    }

    /// The targets declared in `manifest`, in source order, each name once.
    ///
    /// A dependency written `.target(name: "Core")` has the shape of a declaration; where a name appears more than
    /// once, the call with a `path:`, else the one with the most arguments, is taken for the declaration.
    public static func targets(in manifest: String) -> [Target] {
        var lexer = SwiftLexer(manifest)
        let tokens = lexer.tokenize()
        let syntax = CallSyntax(tokens: tokens)
        var result: [Target] = []
        var weights: [Int] = []
        for index in tokens.indices.dropFirst() where index + 1 < tokens.count {
            let token = tokens[index]
            guard token.kind == .identifier, kinds.contains(token.text), tokens[index - 1].isPunctuation("."),
                  tokens[index + 1].isPunctuation("(") else { continue }
            let arguments = syntax.arguments(of: index + 1)
            guard let name = literal(arguments.first { $0.label == "name" }) else { continue }
            let pathArgument = arguments.first { $0.label == "path" }
            // A path that is not one plain literal cannot be known here: leave the target out.
            let path = literal(pathArgument)
            if pathArgument != nil, path == nil { continue }
            let excluded = (arguments.first { $0.label == "exclude" }?.value ?? []).compactMap { token in
                token.kind == .string && token.interpolations.isEmpty ? token.text : nil
            }
            let target = Target(name: name, path: path, isTest: token.text == "testTarget", excluded: excluded)
            let weight = (path == nil ? 0 : 1_000) + arguments.count
            if let earlier = result.firstIndex(where: { $0.name == name }) {
                if weight > weights[earlier] { (result[earlier], weights[earlier]) = (target, weight) }
            } else {
                result.append(target)
                weights.append(weight)
            }
        }
        return result
    }

    /// The text of an argument that is one string literal without interpolation.
    private static func literal(_ argument: CallSyntax.Argument?) -> String? {
        guard let value = argument?.value, value.count == 1, let token = value.first, token.kind == .string,
              token.interpolations.isEmpty else { return nil }
        return token.text
    }
}
