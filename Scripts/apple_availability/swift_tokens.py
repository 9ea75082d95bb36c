"""A forgiving Swift tokenizer for the availability gate: enough of the language (The Swift Programming Language,
"Lexical Structure") to tell code from comments and string literals, so that braces, `#if`, `#available` and
`@available` are only seen in code.

Each token is (kind, text, line, column), lines and columns from 1 as the compiler counts them (columns in UTF-8
bytes, as the index store records them). Kinds: "name" (identifier or keyword, back quotes removed), "pound"
(`#if`, `#available`), "at" (`@available`), "punct" (one of `{}()[],:;.`), "newline", "other" (operators,
numbers, string and regex literals). Unterminated literals and comments end at the end of the text: the gate
never fails on odd input, it may only see less.
"""

import re

_NAME = re.compile(r"[A-Za-z_$\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*")
_NUMBER = re.compile(r"[0-9][0-9A-Za-z_.]*")
_OPERATOR = re.compile(r"[-+*/%<>=!&|^~?.]+")


def tokenize(text):
    """The tokens of `text`, a Swift source file's contents."""
    return _Lexer(text).tokens()


class _Lexer:
    def __init__(self, text):
        self.text = text
        self.i = 0
        self.line = 1
        self.line_start = 0  # index of the current line's first character

    def column(self, index):
        # UTF-8 column of character index `index` on the current line.
        return len(self.text[self.line_start:index].encode("utf-8")) + 1

    def newline_at(self, index):
        self.line += 1
        self.line_start = index + 1

    def skip_to(self, end):
        """Moves to `end`, counting the newlines passed."""
        start = self.i
        count = self.text.count("\n", start, end)
        if count:
            self.line += count
            self.line_start = self.text.rfind("\n", start, end) + 1
        self.i = end

    def tokens(self):
        text, out = self.text, []
        while self.i < len(text):
            c = text[self.i]
            start_line, start_col = self.line, self.column(self.i)
            if c == "\n":
                out.append(("newline", "\n", start_line, start_col))
                self.newline_at(self.i)
                self.i += 1
            elif c in " \t\r\f\v\0":
                self.i += 1
            elif text.startswith("//", self.i):
                end = text.find("\n", self.i)
                self.i = len(text) if end < 0 else end
            elif text.startswith("/*", self.i):
                self.skip_block_comment()
            elif c == '"' or (c == "#" and _raw_string_at(text, self.i)):
                self.skip_string()
                out.append(("other", '""', start_line, start_col))
            elif c == "/" and _regex_may_start(out, text, self.i):
                end = _bare_regex_end(text, self.i)
                if end is None:
                    out.append(("other", "/", start_line, start_col))
                    self.i += 1
                else:
                    out.append(("other", "/regex/", start_line, start_col))
                    self.i = end
            elif c == "#" and text.startswith("/", self.i + _pounds(text, self.i)):
                self.skip_pound_regex()
                out.append(("other", "#/", start_line, start_col))
            elif c == "#" or c == "@":
                m = _NAME.match(text, self.i + 1)
                name = m.group(0) if m else ""
                self.i += 1 + len(name)
                out.append(("pound" if c == "#" else "at", c + name, start_line, start_col))
            elif c == "`":
                end = text.find("`", self.i + 1)
                end = len(text) - 1 if end < 0 else end
                out.append(("name", text[self.i + 1:end], start_line, start_col))
                self.skip_to(end + 1)
            elif c in "{}()[],:;" or (c == "." and not text.startswith("..", self.i)):
                out.append(("punct", c, start_line, start_col))
                self.i += 1
            elif c.isdigit():
                m = _NUMBER.match(text, self.i)
                out.append(("other", m.group(0), start_line, start_col))
                self.i = m.end()
            elif _NAME.match(text, self.i):
                m = _NAME.match(text, self.i)
                out.append(("name", m.group(0), start_line, start_col))
                self.i = m.end()
            elif _OPERATOR.match(text, self.i):
                m = _OPERATOR.match(text, self.i)
                out.append(("other", m.group(0), start_line, start_col))
                self.i = m.end()
            else:
                out.append(("other", c, start_line, start_col))
                self.i += 1
        return out

    def skip_block_comment(self):
        text, depth, j = self.text, 0, self.i
        while j < len(text):
            if text.startswith("/*", j):
                depth, j = depth + 1, j + 2
            elif text.startswith("*/", j):
                depth, j = depth - 1, j + 2
                if depth == 0:
                    break
            else:
                j += 1
        self.skip_to(min(j, len(text)))

    def skip_pound_regex(self):
        pounds = _pounds(self.text, self.i)
        closing = "/" + "#" * pounds
        end = self.text.find(closing, self.i + pounds + 1)
        self.skip_to(len(self.text) if end < 0 else end + len(closing))

    def skip_string(self):
        """Skips a string literal at the cursor (`"…"`, `\"\"\"…\"\"\"`, `#"…"#`), interpolations included."""
        self.skip_to(_string_end(self.text, self.i))


_REGEX_AFTER_KEYWORDS = {"return", "case", "in", "where", "throw", "try", "await", "if", "guard", "while", "else", "let",
                         "var"}


def _regex_may_start(out, text, i):
    """Whether a `/` here can start a bare regex literal `/…/` (SE-0354): at the start of an expression (after `(`,
    `[`, `{`, `,`, `:`, `;`, an operator or a keyword such as `return`), and not followed by a space or `=`."""
    if i + 1 >= len(text) or text[i + 1] in " \t\n=/*":
        return False
    previous = next((t for t in reversed(out) if t[0] != "newline"), None)
    if previous is None:
        return True
    kind, value = previous[0], previous[1]
    if kind == "punct":
        return value in "([{,:;"
    if kind == "name":
        return value in _REGEX_AFTER_KEYWORDS
    return kind == "other" and bool(_OPERATOR.fullmatch(value)) and value not in ("/", "/regex/")


def _bare_regex_end(text, i):
    """The index just past the `/` closing a bare regex literal opened at `i` on the same line, or None."""
    j, in_class = i + 1, False
    while j < len(text) and text[j] != "\n":
        c = text[j]
        if c == "\\":
            j += 2
            continue
        if c == "[":
            in_class = True
        elif c == "]":
            in_class = False
        elif c == "/" and not in_class:
            return j + 1
        j += 1
    return None


def _pounds(text, i):
    n = 0
    while i + n < len(text) and text[i + n] == "#":
        n += 1
    return n


def _raw_string_at(text, i):
    return text.startswith('"', i + _pounds(text, i))


def _string_end(text, i):
    """The index just past the string literal starting at `i`."""
    pounds = _pounds(text, i)
    j = i + pounds
    multi = text.startswith('"""', j)
    delimiter = ('"""' if multi else '"') + "#" * pounds
    escape = "\\" + "#" * pounds
    j += 3 if multi else 1
    while j < len(text):
        if text.startswith(escape + "(", j):
            j = _interpolation_end(text, j + len(escape) + 1)
        elif text.startswith(escape, j):
            j += len(escape) + 1
        elif text.startswith(delimiter, j):
            return j + len(delimiter)
        elif text[j] == "\n" and not multi:
            return j
        else:
            j += 1
    return len(text)


def _interpolation_end(text, j):
    """The index just past the `)` closing an interpolation whose contents start at `j`."""
    depth = 1
    while j < len(text):
        c = text[j]
        if c == '"' or (c == "#" and _raw_string_at(text, j)):
            j = _string_end(text, j)
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return j + 1
        j += 1
    return len(text)
