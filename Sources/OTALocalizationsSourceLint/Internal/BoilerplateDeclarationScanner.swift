/// Walks the tokens of one file for ``BoilerplateDeclaration``s, tracking brace depth to tell an extension's members
/// and top-level declarations from anything nested deeper.
struct BoilerplateDeclarationScanner {
    let tokens: [SwiftToken]
    let stringsTypeName: String

    private static let memberIntroducers: Set<String> = ["var", "let", "func"]
    private static let typeIntroducers: Set<String> = ["enum", "struct", "class", "actor", "typealias"]

    func declarations() -> [BoilerplateDeclaration] {
        var result: [BoilerplateDeclaration] = []
        var depth = 0
        /// The depth of the members of each `extension Bundle` body currently open.
        var bundleBodies: [Int] = []
        /// Set after `extension Bundle` until its `{`.
        var awaitingBundleBody = false
        for (index, token) in tokens.enumerated() {
            if token.isPunctuation("{") {
                depth += 1
                if awaitingBundleBody {
                    bundleBodies.append(depth)
                    awaitingBundleBody = false
                }
                continue
            }
            if token.isPunctuation("}") {
                if bundleBodies.last == depth { bundleBodies.removeLast() }
                depth = max(0, depth - 1)
                continue
            }
            guard token.kind == .identifier, let next = self.token(after: index), next.kind == .identifier else { continue }
            if token.text == "extension", extendsBundle(from: index + 1) {
                awaitingBundleBody = true
            } else if Self.memberIntroducers.contains(token.text), next.text == "localizationBundle",
                      bundleBodies.last == depth {
                result.append(BoilerplateDeclaration(kind: .localizationBundle, line: next.line, column: next.column))
            } else if Self.typeIntroducers.contains(token.text), next.text == stringsTypeName, depth == 0 {
                result.append(BoilerplateDeclaration(kind: .stringsType(stringsTypeName), line: next.line, column: next.column))
            }
        }
        return result
    }

    private func token(after index: Int) -> SwiftToken? {
        index + 1 < tokens.count ? tokens[index + 1] : nil
    }

    /// Whether the extended type starting at `index` is `Bundle` or `Foundation.Bundle`.
    private func extendsBundle(from index: Int) -> Bool {
        guard index < tokens.count else { return false }
        if tokens[index].isIdentifier("Bundle") {
            return !(token(after: index)?.isPunctuation(".") ?? false)
        }
        guard index + 2 < tokens.count, tokens[index].isIdentifier("Foundation"), tokens[index + 1].isPunctuation(".") else {
            return false
        }
        return tokens[index + 2].isIdentifier("Bundle") && !(token(after: index + 2)?.isPunctuation(".") ?? false)
    }
}
