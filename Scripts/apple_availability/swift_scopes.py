"""Where a Swift file raises its availability, read from its tokens (swift_tokens.py): the regions an Apple
compiler type-checks with a higher minimum than the target's, and the regions it never compiles.

- `if #available(macOS 13, iOS 16, *) { … }` and `while #available(…) { … }`: the braces after the conditions.
- `guard #available(…) else { … }`: from the end of the `else` block to the end of the enclosing block (or file).
- `if #unavailable(…) { … } else { … }`: the `else` block.
- `@available(macOS 13, iOS 16, *)` (or `@available(macOS, introduced: 13)`) on a declaration: the declaration,
  from the attribute to the end of its body, or of its line when it has none; `@available(*, unavailable)` and
  `@available(macOS, unavailable)`: the declaration is never used there, so nothing in it counts.
- `#if` / `#elseif` / `#else` branches whose condition is false on an Apple platform (`os(Linux)`,
  `canImport(Glibc)`, `!canImport(Darwin)`): not compiled there, so nothing in them counts for that platform.

The Swift reference: The Swift Programming Language, "Statements" (Checking API Availability, Conditional
Compilation Block) and "Attributes" (available).

A scope is (start, end, versions): start and end are (line, column) positions, versions maps a platform name
(`macOS`, `iOS`, `tvOS`, `watchOS`, `visionOS`) to a version tuple, or to NEVER when the code is never compiled
or never used there.
"""

from swift_tokens import tokenize

NEVER = (10**6, 0, 0)
PLATFORMS = ("macOS", "iOS", "tvOS", "watchOS", "visionOS")
_ALIASES = {"OSX": "macOS", "macOS": "macOS", "iOS": "iOS", "tvOS": "tvOS", "watchOS": "watchOS",
            "visionOS": "visionOS"}
_DECLARATIONS = {"class", "struct", "enum", "extension", "actor", "protocol", "func", "init", "deinit", "subscript",
                 "var", "let", "typealias", "case", "associatedtype", "macro", "operator", "precedencegroup"}
_BODY_REQUIRED = {"class", "struct", "enum", "extension", "actor", "protocol", "deinit"}
_MODIFIERS = {"public", "private", "fileprivate", "internal", "package", "open", "static", "final", "override",
              "mutating", "nonmutating", "convenience", "required", "lazy", "weak", "unowned", "dynamic",
              "nonisolated", "indirect", "optional", "prefix", "postfix", "infix", "isolated", "consuming",
              "borrowing", "distributed", "async"}
# Modules an Apple SDK always has, and modules it never has; anything else is unknown (may be compiled).
_APPLE_MODULES = {"Darwin", "Foundation", "Dispatch", "ObjectiveC", "CryptoKit", "Security", "os", "Combine",
                  "XCTest", "Testing", "CoreFoundation", "SwiftUI", "Network"}
_NON_APPLE_MODULES = {"Glibc", "Musl", "WinSDK", "Android", "Bionic", "WASILibc", "FoundationNetworking",
                      "FoundationXML", "CRT", "ucrt"}
_UI_MODULES = {"UIKit": {"iOS", "tvOS", "visionOS"}, "AppKit": {"macOS"}, "WatchKit": {"watchOS"}}


def scopes(text):
    """The availability scopes of a Swift source text, in no particular order."""
    return _Scanner(tokenize(text)).run()


def version(text):
    """A version (major, minor, patch) from `13`, `15.4` or `10.15.1`; None when `text` is not one."""
    parts = text.split(".")
    if not parts or not all(p.isdigit() for p in parts):
        return None
    numbers = [int(p) for p in parts][:3]
    return tuple(numbers + [0] * (3 - len(numbers)))


class _Scanner:
    def __init__(self, tokens):
        self.tokens = tokens
        self.code = [t for t in tokens if t[0] != "newline"]
        # For each token of `code`: whether a newline precedes it, and the index of its matching bracket.
        self.newline_before = []
        previous_newline = False
        for t in tokens:
            if t[0] == "newline":
                previous_newline = True
            else:
                self.newline_before.append(previous_newline)
                previous_newline = False
        self.match = _matching_brackets(self.code)
        self.enclosing = _enclosing_braces(self.code, self.match)
        self.branches = _conditional_branches(self.code)
        self.result = []

    def position(self, index):
        if index >= len(self.code):
            return (10**9, 0)
        return (self.code[index][2], self.code[index][3])

    def end_position(self, index):
        """The position just after token `index`."""
        if index >= len(self.code):
            return (10**9, 0)
        _, text, line, col = self.code[index]
        return (line, col + len(text.encode("utf-8")))

    def add(self, start_index, end_index, versions):
        if versions:
            self.result.append((self.position(start_index), self.end_position(end_index), versions))

    def run(self):
        code = self.code
        for i, (kind, text, _, _) in enumerate(code):
            if kind == "pound" and text in ("#available", "#unavailable"):
                self.condition(i)
            elif kind == "at" and text == "@available":
                self.attribute(i)
        self.conditional_compilation()
        return self.result

    # MARK: #available and #unavailable

    def condition(self, i):
        code = self.code
        if i + 1 >= len(code) or code[i + 1][1] != "(":
            return
        close = self.match.get(i + 1)
        if close is None:
            return
        versions = _shorthand_versions(code[i + 2:close])
        statement = self.statement_keyword(i)
        body = self.next_brace(close + 1)
        if body is None or statement is None:
            return
        body_end = self.match.get(body)
        if body_end is None:
            return
        if code[i][1] == "#unavailable":
            # SE-0290: the code that runs when the platform is available is the `else` of an `if` (every branch of an
            # `else if` chain) and the `else` block of a `guard`.
            if statement == "if":
                chain_end = self.else_chain_end(body_end)
                if chain_end is not None:
                    self.add(body_end + 1, chain_end, versions)
            elif statement == "guard":
                self.add(body, body_end, versions)
            return
        # The conditions after `#available(…)` in the same list are checked with the raised versions too.
        if statement in ("if", "while"):
            self.add(close + 1, body_end, versions)
        elif statement == "guard":
            if body - 1 > close:
                self.add(close + 1, body - 1, versions)
            self.add(body_end + 1, self.guard_scope_end(i, body_end), versions)

    def else_chain_end(self, block_end):
        """The last token of the `else` / `else if` chain after the block ending at `block_end`, or None."""
        code, j, end = self.code, block_end + 1, None
        while j + 1 < len(code) and code[j][1] == "else":
            if code[j + 1][1] == "{":
                return self.match.get(j + 1, end)
            if code[j + 1][1] != "if":
                return end
            brace = self.next_brace(j + 2)
            if brace is None or brace not in self.match:
                return end
            end = self.match[brace]
            j = end + 1
        return end

    def guard_scope_end(self, i, else_end):
        """Where the code after a `guard` at token `i` stops being its: the end of the enclosing block, a `case` or
        `default` label of the same `switch` (a case's scope ends there), or the end of the `#if` branch holding the
        guard (code after `#endif` is compiled with or without it)."""
        code = self.code
        outer = self.enclosing[i]
        end = self.match.get(outer, len(code)) if outer is not None else len(code)
        for j in range(else_end + 1, min(end, len(code))):
            if self.enclosing[j] == outer and code[j][0] == "name" and code[j][1] in ("case", "default") \
                    and (self.newline_before[j] or code[j - 1][1] in ("{", "}", ";")):
                end = j
                break
        for start, stop in self.branches:
            if start < i <= stop and stop < end:
                end = stop + 1
        return end - 1

    def statement_keyword(self, i):
        """`if`, `guard` or `while` starting the condition list that holds token `i`."""
        depth = 0
        j = i - 1
        while j >= 0:
            kind, text = self.code[j][0], self.code[j][1]
            if text in (")", "]"):
                depth += 1
            elif text in ("(", "["):
                depth -= 1
            elif depth == 0 and kind == "name" and text in ("if", "guard", "while"):
                return text
            elif depth == 0 and text in ("{", "}", ";"):
                return None
            j -= 1
        return None

    def next_brace(self, j):
        """The first `{` at bracket depth 0 from token `j` on (a condition list's or `else`'s body)."""
        code = self.code
        while j < len(code):
            text = code[j][1]
            if text == "{":
                return j
            if text in ("(", "[") and j in self.match:
                j = self.match[j] + 1
                continue
            if text == "}":
                return None
            j += 1
        return None

    # MARK: @available

    def attribute(self, i):
        code = self.code
        if i + 1 >= len(code) or code[i + 1][1] != "(":
            return
        close = self.match.get(i + 1)
        if close is None:
            return
        versions = _attribute_versions(code[i + 2:close])
        if not versions:
            return
        end = self.declaration_end(close + 1)
        self.add(i, end, versions)

    def declaration_end(self, j):
        """The last token of the declaration that starts at token `j` (after an attribute)."""
        code = self.code
        # Further attributes and modifiers.
        while j < len(code):
            kind, text = code[j][0], code[j][1]
            if kind == "at":
                j += 1
                if j < len(code) and code[j][1] == "(" and not self.newline_before[j] and j in self.match:
                    j = self.match[j] + 1
            elif kind == "name" and text in _MODIFIERS:
                j += 1
                if j < len(code) and code[j][1] == "(" and j in self.match:   # private(set)
                    j = self.match[j] + 1
            else:
                break
        if j >= len(code):
            return len(code) - 1
        keyword = code[j][1]
        k = j + 1
        while k < len(code):
            text = code[k][1]
            if text == "{" and k in self.match:
                return self.match[k]
            if text in ("(", "[") and k in self.match:
                k = self.match[k] + 1
                continue
            if text == "}":
                return k - 1
            if keyword not in _BODY_REQUIRED and self.newline_before[k] and self.starts_declaration(k):
                return k - 1
            k += 1
        return len(code) - 1

    def starts_declaration(self, k):
        kind, text = self.code[k][0], self.code[k][1]
        return kind in ("at", "pound") or (kind == "name" and (text in _DECLARATIONS or text in _MODIFIERS))

    # MARK: #if

    def conditional_compilation(self):
        """Adds a NEVER scope for each platform whose compiler skips an `#if` branch."""
        code = self.code
        stack = []   # per open #if: (branch start index, branch condition, conditions of earlier branches)
        for i, (kind, text, line, _) in enumerate(code):
            if kind != "pound" or text not in ("#if", "#elseif", "#else", "#endif"):
                continue
            condition_tokens = self.line_tokens(i + 1, line)
            if text == "#if":
                stack.append([i, _evaluate(condition_tokens), []])
                continue
            if not stack:
                continue
            start, condition, earlier = stack[-1]
            self.skip_branch(start, i - 1, condition, earlier)
            if text == "#endif":
                stack.pop()
                continue
            earlier = earlier + [condition]
            stack[-1] = [i, _evaluate(condition_tokens) if text == "#elseif" else (lambda p: True), earlier]

    def skip_branch(self, start, end, condition, earlier):
        skipped = {}
        for platform in PLATFORMS:
            taken_before = any(c(platform) is True for c in earlier)
            if condition(platform) is False or taken_before:
                skipped[platform] = NEVER
        if skipped and end >= start:
            self.add(start, end, skipped)

    def line_tokens(self, j, line):
        out = []
        while j < len(self.code) and self.code[j][2] == line:
            out.append(self.code[j])
            j += 1
        return out


def _conditional_branches(code):
    """(first, last) token indices of each `#if` / `#elseif` / `#else` branch: from its directive to the token before
    the next directive of the same block."""
    branches, stack = [], []
    for i, t in enumerate(code):
        if t[0] != "pound" or t[1] not in ("#if", "#elseif", "#else", "#endif"):
            continue
        if t[1] == "#if":
            stack.append(i)
        elif stack:
            branches.append((stack.pop(), i - 1))
            if t[1] != "#endif":
                stack.append(i)
    return branches


def _matching_brackets(code):
    """Index of each bracket's partner, both ways."""
    match, stack = {}, []
    pairs = {")": "(", "]": "[", "}": "{"}
    for i, t in enumerate(code):
        text = t[1]
        if t[0] != "punct":
            continue
        if text in "([{":
            stack.append(i)
        elif text in pairs:
            # Unbalanced input: drop openers of another kind until one matches.
            while stack and code[stack[-1]][1] != pairs[text]:
                stack.pop()
            if stack:
                opener = stack.pop()
                match[opener] = i
                match[i] = opener
    return match


def _enclosing_braces(code, match):
    """For each token, the index of the innermost `{` that holds it (None at the top level)."""
    result, stack = [], []
    for i, t in enumerate(code):
        if t[1] == "}" and stack and match.get(i) == stack[-1]:
            stack.pop()
        result.append(stack[-1] if stack else None)
        if t[1] == "{" and i in match:
            stack.append(i)
    return result


def _shorthand_versions(tokens):
    """`macOS 13, iOS 16.4, *` → {"macOS": (13,), "iOS": (16, 4)}."""
    versions = {}
    for entry in _split_commas(tokens):
        if len(entry) >= 2 and entry[0][1] in _ALIASES:
            v = version(entry[1][1])
            if v:
                versions[_ALIASES[entry[0][1]]] = v
    return versions


def _attribute_versions(tokens):
    """The platforms an `@available(…)` argument list raises, in either form; NEVER for `unavailable`."""
    entries = _split_commas(tokens)
    if not entries:
        return {}
    first = [t[1] for t in entries[0]]
    rest = [[t[1] for t in e] for e in entries[1:]]
    if first == ["*"]:
        if ["unavailable"] in rest:
            return {p: NEVER for p in PLATFORMS}
        return {}
    if len(first) == 1 and first[0] in _ALIASES:
        platform = _ALIASES[first[0]]
        if ["unavailable"] in rest:
            return {platform: NEVER}
        for entry in rest:
            if len(entry) >= 3 and entry[0] == "introduced" and entry[1] == ":" and version(entry[2]):
                return {platform: version(entry[2])}
        return {}
    return _shorthand_versions(tokens)


def _split_commas(tokens):
    entries, current = [], []
    for t in tokens:
        if t[1] == ",":
            entries.append(current)
            current = []
        else:
            current.append(t)
    if current:
        entries.append(current)
    return entries


def _evaluate(tokens):
    """A function of an Apple platform name giving True, False or None (unknown) for an `#if` condition."""
    return lambda platform: _Condition(tokens, platform).parse()


class _Condition:
    """Three-valued evaluation of `#if` conditions: `!`, `&&`, `||`, parentheses, `os()`, `canImport()`,
    `targetEnvironment()`; every other term is unknown."""

    def __init__(self, tokens, platform):
        self.tokens = [t[1] for t in tokens]
        self.i = 0
        self.platform = platform

    def peek(self):
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def parse(self):
        try:
            return self.disjunction()
        except IndexError:
            return None

    def disjunction(self):
        return self.chain("||", self.conjunction, _either)

    def conjunction(self):
        return self.chain("&&", self.unary, _both)

    def chain(self, operator, operand, combine):
        value = operand()
        while self.peek() == operator:
            self.i += 1
            value = combine(value, operand())
        return value

    def unary(self):
        token = self.peek()
        if token is not None and set(token) == {"!"}:
            self.i += 1
            value = self.unary()
            if value is None or len(token) % 2 == 0:
                return value
            return not value
        if token == "(":
            self.i += 1
            value = self.disjunction()
            if self.peek() == ")":
                self.i += 1
            return value
        return self.term()

    def term(self):
        name = self.tokens[self.i]
        self.i += 1
        argument = None
        if self.peek() == "(":
            depth, parts = 0, []
            while self.i < len(self.tokens):
                t = self.tokens[self.i]
                self.i += 1
                if t == "(":
                    depth += 1
                    if depth == 1:
                        continue
                elif t == ")":
                    depth -= 1
                    if depth == 0:
                        break
                parts.append(t)
            argument = "".join(parts)
        if name == "os" and argument is not None:
            return _ALIASES.get(argument) == self.platform
        if name == "canImport" and argument is not None:
            module = argument.split(",")[0].split(".")[0]
            if module in _APPLE_MODULES:
                return True
            if module in _NON_APPLE_MODULES:
                return False
            if module in _UI_MODULES:
                return self.platform in _UI_MODULES[module]
            return None
        if name == "targetEnvironment":
            return None
        return None


def _either(left, right):
    """Three-valued `||`: True, False or None (unknown)."""
    if left is True or right is True:
        return True
    return False if left is False and right is False else None


def _both(left, right):
    """Three-valued `&&`: True, False or None (unknown)."""
    if left is False or right is False:
        return False
    return True if left is True and right is True else None
