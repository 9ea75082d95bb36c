/// The bracket pairs of one token stream and the top-level arguments of a call in it.
///
/// Arguments are split at the commas of the call's own parenthesis level, with `()`, `[]` and `{}` kept
/// balanced, so a label inside a nested call, a closure or a string never counts as the call's own.
struct CallSyntax {
    /// One top-level argument of a call.
    struct Argument {
        var label: String?
        var labelToken: SwiftToken?
        /// The tokens after the label and its colon (all of them when there is no label).
        var value: ArraySlice<SwiftToken>
    }

    let tokens: [SwiftToken]
    /// For each opening bracket's index, the index of the bracket that closes it (or `tokens.count`).
    private(set) var closing: [Int: Int] = [:]

    init(tokens: [SwiftToken]) {
        self.tokens = tokens
        var stack: [Int] = []
        // How many of each opening bracket the stack holds, so a stray closer costs no search.
        var open: [String: Int] = [:]
        let pairs: [String: String] = [")": "(", "]": "[", "}": "{"]
        for (index, token) in tokens.enumerated() where token.kind == .punctuation {
            switch token.text {
            case "(", "[", "{":
                stack.append(index)
                open[token.text, default: 0] += 1
            case ")", "]", "}":
                // A stray closer (unbalanced source) closes the nearest bracket of its own kind, if any.
                guard let opener = pairs[token.text], open[opener, default: 0] > 0,
                      let match = stack.lastIndex(where: { tokens[$0].text == opener })
                else { continue }
                for closed in stack[match...] {
                    closing[closed] = index
                    open[tokens[closed].text, default: 0] -= 1
                }
                stack.removeSubrange(match...)
            default:
                continue
            }
        }
        for open in stack { closing[open] = tokens.count }
    }

    /// The top-level arguments of the call whose `(` is at `open`, split at commas outside nested brackets.
    func arguments(of open: Int) -> [Argument] {
        let end = closing[open] ?? tokens.count
        var result: [Argument] = []
        var start = open + 1
        var index = start
        func finish() {
            guard start < index else { return }
            let slice = tokens[start..<index]
            if slice.count >= 2, slice[start].kind == .identifier, slice[start + 1].isPunctuation(":") {
                result.append(Argument(label: slice[start].text, labelToken: slice[start], value: slice.dropFirst(2)))
            } else {
                result.append(Argument(label: nil, labelToken: nil, value: slice))
            }
        }
        while index < end {
            let current = tokens[index]
            if current.kind == .punctuation, ["(", "[", "{"].contains(current.text) {
                index = (closing[index] ?? end) + 1
                continue
            }
            if current.isPunctuation(",") {
                finish()
                start = index + 1
            }
            index += 1
        }
        index = min(index, end)
        finish()
        return result
    }
}
