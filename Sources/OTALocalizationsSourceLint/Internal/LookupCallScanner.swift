/// Finds the string-lookup call sites in one token stream and checks each call's top-level `bundle:` argument.
///
/// Arguments are split at the commas of the call's own parenthesis level, with `()`, `[]` and `{}` kept
/// balanced, so a `bundle:` inside a nested call, a closure or a string never counts as the call's own.
struct LookupCallScanner {
    /// A rule hit before suppression: where it is reported and the line of the call it belongs to.
    struct Hit {
        var rule: SourceLintRule
        var line: Int
        var column: Int
        var callLine: Int
        var message: String
    }

    private let tokens: [SwiftToken]
    /// The project's own lookup functions and macros (`L`, `#localized`): a call of one that passes `bundle: .module`
    /// or `bundle: .main` is a hit; one without a `bundle:` argument is not (its default is unknown).
    private let lookupFunctions: Set<String>
    /// Bracket pairs and top-level arguments of ``tokens``.
    private let calls: CallSyntax
    /// For each opening bracket's index, the index of the bracket that closes it (or `tokens.count`).
    private var closing: [Int: Int] { calls.closing }

    init(tokens: [SwiftToken], lookupFunctions: Set<String> = []) {
        self.tokens = tokens
        self.lookupFunctions = lookupFunctions
        calls = CallSyntax(tokens: tokens)
    }

    /// Every hit in this stream and, recursively, inside every string interpolation.
    ///
    /// Preview code is skipped: the body of a `#Preview` and of a type that conforms to `PreviewProvider`, which
    /// only Xcode's canvas shows, never a user.
    func hits() -> [Hit] {
        var result: [Hit] = []
        var index = 0
        while index < tokens.count {
            if let end = previewBodyEnd(at: index) {
                index = end + 1
                continue
            }
            if let hit = check(at: index) { result.append(hit) }
            for interpolation in tokens[index].interpolations {
                result += LookupCallScanner(tokens: interpolation, lookupFunctions: lookupFunctions).hits()
            }
            index += 1
        }
        return result
    }

    /// The index of the `}` that ends preview code starting at `index`: `#Preview(…) { … }`, or
    /// `PreviewProvider` in an inheritance clause (`: PreviewProvider`, `, PreviewProvider`) up to the end of the
    /// type's body.
    private func previewBodyEnd(at index: Int) -> Int? {
        let current = tokens[index]
        var brace: Int
        if current.kind == .other, current.text == "#Preview" {
            brace = index + 1
            if token(brace)?.isPunctuation("(") == true { brace = (closing[brace] ?? tokens.count) + 1 }
        } else if current.isIdentifier("PreviewProvider"),
                  let previous = token(index - 1), previous.isPunctuation(":") || previous.isPunctuation(",") {
            // The type's body is the first `{` after the inheritance clause (a `where` clause has none).
            brace = index + 1
            while brace < tokens.count, !tokens[brace].isPunctuation("{") {
                if tokens[brace].isPunctuation("}") || tokens[brace].isPunctuation("(") { return nil }
                brace += 1
            }
        } else {
            return nil
        }
        guard token(brace)?.isPunctuation("{") == true else { return nil }
        return closing[brace] ?? tokens.count
    }

    // MARK: Call sites

    private func token(_ index: Int) -> SwiftToken? {
        index >= 0 && index < tokens.count ? tokens[index] : nil
    }

    /// The hit for a lookup call whose name is at `index`, if it is one and it bypasses the OTA bundle.
    private func check(at index: Int) -> Hit? {
        let name = tokens[index]
        if !lookupFunctions.isEmpty, let hit = checkProjectLookup(at: index) { return hit }
        guard name.kind == .identifier,
              ["NSLocalizedString", "String", "AttributedString", "Text", "Bundle"].contains(name.text),
              isFreeStanding(index)
        else { return nil }
        if name.text == "Bundle" { return checkBundleLookup(at: index) }

        var open = index + 1
        if token(open)?.isPunctuation(".") == true, token(open + 1)?.isIdentifier("init") == true { open += 2 }
        guard token(open)?.isPunctuation("(") == true else { return nil }
        let arguments = self.arguments(of: open)
        let callee: String
        switch name.text {
        case "NSLocalizedString":
            callee = "NSLocalizedString"
        case "String", "AttributedString":
            guard arguments.first?.label == "localized" else { return nil }
            callee = "\(name.text)(localized:)"
        default:
            callee = "Text"
        }
        if let bundle = arguments.first(where: { $0.label == "bundle" }) {
            return checkBundleArgument(bundle, callee: callee, callLine: name.line)
        }
        if name.text == "Text" {
            guard let first = arguments.first, first.label == nil, isLocalizedKeyExpression(first.value) else {
                return nil
            }
            return Hit(
                rule: .textMissingBundle, line: name.line, column: name.column, callLine: name.line,
                message: "Text with a literal key and no bundle: argument looks the key up in Bundle.main, which "
                    + "over-the-air updates never reach; pass bundle: .localizationBundle "
                    + "(or use Text(verbatim:) for text that is not translated)"
            )
        }
        return Hit(
            rule: .missingBundle, line: name.line, column: name.column, callLine: name.line,
            message: "\(callee) without a bundle: argument reads Bundle.main, which over-the-air updates never "
                + "reach; pass bundle: .localizationBundle"
        )
    }

    /// Whether the name at `index` is not a member of some value (`x.Text(`) nor a declaration (`func Text(`).
    /// A module qualifier (`Foundation.NSLocalizedString`, `SwiftUI.Text`) is allowed.
    private func isFreeStanding(_ index: Int) -> Bool {
        guard let previous = token(index - 1) else { return true }
        if previous.isPunctuation(".") {
            guard let qualifier = token(index - 2), qualifier.kind == .identifier,
                  ["Foundation", "SwiftUI", "Swift"].contains(qualifier.text) else { return false }
            return isFreeStanding(index - 2)
        }
        return !["func", "var", "let", "struct", "class", "enum", "extension", "typealias", "case"]
            .contains(where: previous.isIdentifier)
    }

    /// A call of one of ``lookupFunctions`` at `index` (a function, also as a member such as `Strings.tr(`, or a
    /// macro `#localized(`) whose `bundle:` argument is `.module` or `.main`.
    private func checkProjectLookup(at index: Int) -> Hit? {
        let name = tokens[index]
        guard name.kind == .identifier || (name.kind == .other && name.text.hasPrefix("#")),
              lookupFunctions.contains(name.text), token(index + 1)?.isPunctuation("(") == true
        else { return nil }
        if let previous = token(index - 1),
           ["func", "var", "let", "macro", "case"].contains(where: previous.isIdentifier) { return nil }
        let arguments = self.arguments(of: index + 1)
        guard let bundle = arguments.first(where: { $0.label == "bundle" }) else { return nil }
        return checkBundleArgument(bundle, callee: name.text, callLine: name.line)
    }

    /// `Bundle.main.localizedString(`, `Bundle.module.localizedString(` or `Bundle(for: X.self).localizedString(`
    /// starting at `index`.
    private func checkBundleLookup(at index: Int) -> Hit? {
        if let end = classBundleEnd(at: index), token(end + 1)?.isPunctuation(".") == true,
           token(end + 2)?.isIdentifier("localizedString") == true, token(end + 3)?.isPunctuation("(") == true {
            let name = tokens[index]
            return Hit(
                rule: .classBundle, line: name.line, column: name.column, callLine: name.line,
                message: "Bundle(for:).localizedString reads \(Self.classBundleName) only, which over-the-air updates "
                    + "never reach; call Bundle.localizationBundle.localizedString instead")
        }
        guard token(index + 1)?.isPunctuation(".") == true,
              let which = token(index + 2), which.isIdentifier("main") || which.isIdentifier("module"),
              token(index + 3)?.isPunctuation(".") == true,
              token(index + 4)?.isIdentifier("localizedString") == true,
              token(index + 5)?.isPunctuation("(") == true
        else { return nil }
        let name = tokens[index]
        let isMain = which.text == "main"
        return Hit(
            rule: isMain ? .mainBundle : .moduleBundle, line: name.line, column: name.column, callLine: name.line,
            message: "Bundle.\(which.text).localizedString reads \(Self.bundleName(isMain: isMain)) only, which "
                + "over-the-air updates never reach; call Bundle.localizationBundle.localizedString instead"
        )
    }

    /// A hit when a `bundle:` argument is exactly `.module`, `Bundle.module`, `#bundle`, `.main`, `Bundle.main` or `nil`
    /// (which `String(localized:)` and `Text` read as the main bundle).
    private func checkBundleArgument(_ argument: CallSyntax.Argument, callee: String, callLine: Int) -> Hit? {
        guard let label = argument.labelToken else { return nil }
        if let start = argument.value.indices.first, classBundleEnd(at: start) == argument.value.indices.last {
            return Hit(
                rule: .classBundle, line: label.line, column: label.column, callLine: callLine,
                message: "\(callee) with bundle: Bundle(for:) reads \(Self.classBundleName) only, which over-the-air "
                    + "updates never reach; pass bundle: .localizationBundle")
        }
        // `#bundle` (Foundation's macro) is the bundle that holds the calling code: `.module` in a package.
        let isBundleMacro = argument.value.count == 1 && argument.value.first?.text == "#bundle"
        guard isBundleMacro || argument.value.allSatisfy({ $0.kind == .identifier || $0.kind == .punctuation }) else {
            return nil
        }
        var value = argument.value.map(\.text)
        if value.first == "Foundation", value.dropFirst().first == "." { value.removeFirst(2) }
        if value.first == "Bundle", value.count == 3 { value.removeFirst() }
        let isMain: Bool
        switch value {
        case [".", "main"], ["nil"]: isMain = true
        case [".", "module"], ["#bundle"]: isMain = false
        default: return nil
        }
        let spelled = argument.value.map(\.text).joined()
        return Hit(
            rule: isMain ? .mainBundle : .moduleBundle, line: label.line, column: label.column, callLine: callLine,
            message: "\(callee) with bundle: \(spelled) reads \(Self.bundleName(isMain: isMain)) only, which "
                + "over-the-air updates never reach; pass bundle: .localizationBundle"
        )
    }

    private static func bundleName(isMain: Bool) -> String {
        isMain ? "the app's main bundle" : "the module's embedded bundle"
    }

    private static let classBundleName = "the embedded bundle that holds the class's code"

    /// The index of the `)` that ends `Bundle(for: …)` (also `Bundle.init(for:`, `Foundation.Bundle(for:`) starting
    /// at `index`, or nil.
    private func classBundleEnd(at index: Int) -> Int? {
        var name = index
        if token(name)?.isIdentifier("Foundation") == true, token(name + 1)?.isPunctuation(".") == true { name += 2 }
        guard token(name)?.isIdentifier("Bundle") == true else { return nil }
        var open = name + 1
        if token(open)?.isPunctuation(".") == true, token(open + 1)?.isIdentifier("init") == true { open += 2 }
        guard token(open)?.isPunctuation("(") == true, token(open + 1)?.isIdentifier("for") == true,
              token(open + 2)?.isPunctuation(":") == true, let end = closing[open], end < tokens.count
        else { return nil }
        return end
    }

    /// Whether an unlabelled `Text` argument is looked up as a key with text to translate: a non-blank string
    /// literal (which Swift turns into a `LocalizedStringKey`) that is not interpolations and punctuation alone, or an
    /// explicit `LocalizedStringKey(…)`.
    private func isLocalizedKeyExpression(_ value: ArraySlice<SwiftToken>) -> Bool {
        guard let first = value.first else { return false }
        if value.count == 1 { return first.kind == .string && !first.isBlankStringLiteral && !first.isPlaceholdersOnly }
        guard first.isIdentifier("LocalizedStringKey") else { return false }
        var open = value.startIndex + 1
        if tokens[open].isPunctuation("."), open + 1 < value.endIndex, tokens[open + 1].isIdentifier("init") {
            open += 2
        }
        return open < value.endIndex && tokens[open].isPunctuation("(") && closing[open] == value.endIndex - 1
    }

    private func arguments(of open: Int) -> [CallSyntax.Argument] { calls.arguments(of: open) }
}
