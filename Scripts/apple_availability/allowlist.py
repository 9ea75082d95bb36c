"""The availability gate's allowlist: uses that are truly needed and that no `#available` or `@available` the gate
can see covers.

One entry per line, `<file> | <declaration> | <reason>`: the file relative to the package root and the declaration
exactly as the gate prints them; the reason says why the use is safe on the oldest supported system. An entry covers
every use of that declaration in that file, on every platform: keep such files small. `#` starts a
comment line. An entry without a reason, or one that no longer matches anything, fails the gate, so the list stays
short and true.
"""


import os


class AllowlistError(Exception):
    pass


class Allowlist:
    def __init__(self, path):
        self.path = path
        self.entries = {}   # (file, declaration) -> line number
        self.used = set()
        try:
            with open(path, encoding="utf-8") as f:
                lines = f.read().splitlines()
        except FileNotFoundError:
            return
        for number, line in enumerate(lines, start=1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            parts = [part.strip() for part in line.split("|")]
            if len(parts) < 3 or not parts[0] or not parts[1] or not "|".join(parts[2:]).strip():
                raise AllowlistError(
                    f"{path}:{number}: expected '<file> | <declaration> | <reason>', with a reason; got '{line}'")
            self.entries[(os.path.normpath(parts[0]), parts[1])] = number

    def allows(self, file, declaration):
        key = (file, declaration)
        if key in self.entries:
            self.used.add(key)
            return True
        return False

    def unused(self):
        """(line number, file, declaration) of each entry that matched nothing."""
        return sorted((number, key[0], key[1]) for key, number in self.entries.items() if key not in self.used)
