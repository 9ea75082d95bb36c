"""Apple availability of the toolchain's and SDK's declarations, read from their symbol graphs.

`swift-symbolgraph-extract -module-name M -target <triple> -output-dir D` writes each public declaration of module M
(and M's extensions of other modules' types) with its `availability` list: per domain (`macOS`, `iOS`, …) an
`introduced` version, or `isUnconditionallyUnavailable`. Members carry the availability they inherit from their
type or extension. On Linux the toolchain's modules keep the Apple availability they were declared with (`Duration`:
macOS 13, iOS 16), which is what lets this run without a Mac.

The table is cached per toolchain, target and module list under the build folder, so only the first run pays for the
extraction (a few seconds per module).
"""

import hashlib
import json
import os
import shutil
import subprocess
import tempfile

from swift_scopes import NEVER, PLATFORMS


def availability_table(tool, target, sdk, modules, cache_folder, toolchain_identity):
    """{usr: Restriction} for every declaration of `modules` that some Apple platform restricts. `tool` is the
    swift-symbolgraph-extract command (a list), `sdk` a path or None."""
    with open(__file__, "rb") as f:
        reader = hashlib.sha256(f.read()).hexdigest()   # a change to this file invalidates the cache
    key = hashlib.sha256(json.dumps([reader, toolchain_identity, target, sdk, sorted(modules)]).encode()).hexdigest()
    cache = os.path.join(cache_folder, f"availability-{key[:16]}.json")
    if os.path.exists(cache):
        with open(cache) as f:
            return {usr: Restriction.decoded(value) for usr, value in json.load(f).items()}
    graphs = _Graphs()
    with tempfile.TemporaryDirectory(prefix="apple-availability-") as output:
        for module in sorted(modules):
            _extract(tool, target, sdk, module, output)
        for file in sorted(os.listdir(output)):
            if file.endswith(".symbols.json"):
                with open(os.path.join(output, file)) as f:
                    graphs.read(json.load(f))
    table = graphs.restrictions()
    os.makedirs(cache_folder, exist_ok=True)
    temporary = cache + ".tmp"
    with open(temporary, "w") as f:
        json.dump({usr: restriction.encoded() for usr, restriction in table.items()}, f)
    os.replace(temporary, cache)
    return table


class Restriction:
    """What one declaration needs: `versions` per platform (NEVER when unavailable there), and what the same call
    needs when an Apple compiler picks another declaration instead (`fallback` for a call written in the source,
    `implicit_fallback` for one the compiler makes itself), per platform; a platform missing from a fallback has no
    other candidate."""

    def __init__(self, name, versions, fallback, implicit_fallback):
        self.name = name
        self.versions = versions
        self.fallback = fallback
        self.implicit_fallback = implicit_fallback

    def needs(self, platform, implicit):
        """The oldest `platform` version on which some candidate of this reference is available, or None."""
        own = self.versions.get(platform)
        if own is None:
            return None
        other = (self.implicit_fallback if implicit else self.fallback).get(platform)
        return own if other is None else min(own, other)

    def encoded(self):
        return [self.name, self.versions, self.fallback, self.implicit_fallback]

    @staticmethod
    def decoded(value):
        name, *maps = value
        return Restriction(name, *({p: tuple(v) for p, v in m.items()} for m in maps))


def _extract(tool, target, sdk, module, output):
    command = tool + ["-module-name", module, "-target", target, "-output-dir", output]
    if sdk:
        command += ["-sdk", sdk]
    # A module that cannot be extracted (a C++ interop module without its flags) restricts nothing we can see.
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


_UNRESTRICTED = (0, 0, 0)


class _Graphs:
    """Every declaration of the graphs read: its name, parent, own availability, and which types conform to or
    inherit from which.

    An Apple compiler ranks an overload that is not available at the deployment target below every available one
    (swiftlang/swift#29921, `ConstraintSystem::isDeclUnavailable`), so a reference the Linux compiler resolved to a
    newer declaration compiles on a Mac when an older one of the same name exists on the same type, or on a protocol or
    superclass of it (`FixedWidthInteger.&*` is a requirement since Swift 6 and also an old extension method). For a
    call the compiler makes itself (`for await` calls `next(isolation:)` where it is available and `next()` elsewhere,
    SE-0421) any member of the same base name counts."""

    def __init__(self):
        self.symbols = {}        # usr -> [path components, versions, parameter types or None]
        self.parent = {}         # usr -> parent usr
        self.supertypes = {}     # usr -> set of usr (protocols it conforms to, superclass)
        self.implements = {}     # usr of a protocol extension's default implementation -> usr of the requirement

    def read(self, graph):
        for symbol in graph.get("symbols", []):
            usr = symbol["identifier"]["precise"]
            if "::SYNTHESIZED::" in usr:
                continue   # a protocol's default member shown on a conforming type: its own entry says it all
            versions = _versions(symbol.get("availability") or [])
            path = symbol.get("pathComponents") or [symbol["names"]["title"]]
            known = self.symbols.get(usr)
            if known:   # the same declaration in two graphs: keep the stricter of each
                for platform, v in known[1].items():
                    versions[platform] = max(v, versions.get(platform, v))
            self.symbols[usr] = [path, versions, _parameter_types(symbol)]
        for relation in graph.get("relationships", []):
            kind, source, target = relation["kind"], relation["source"], relation["target"]
            if "::SYNTHESIZED::" in source:
                continue
            if kind in ("memberOf", "requirementOf", "optionalRequirementOf"):
                self.parent.setdefault(source, target)
            elif kind == "defaultImplementationOf":
                self.implements.setdefault(source, target)
            elif kind in ("conformsTo", "inheritsFrom"):
                self.supertypes.setdefault(source, set()).add(target)

    def ancestors(self, usr, cache):
        """`usr` and every protocol and superclass above it."""
        if usr in cache:
            return cache[usr]
        seen, pending = {usr}, [usr]
        while pending:
            for supertype in self.supertypes.get(pending.pop(), ()):
                if supertype not in seen:
                    seen.add(supertype)
                    pending.append(supertype)
        cache[usr] = seen
        return seen

    def restrictions(self):
        for usr, requirement in self.implements.items():   # a default implementation belongs to the protocol
            if usr not in self.parent and requirement in self.parent:
                self.parent[usr] = self.parent[requirement]
        by_name, by_base = {}, {}
        for usr, (path, _, _) in self.symbols.items():
            parent = self.parent.get(usr)
            by_name.setdefault((parent, path[-1]), []).append(usr)
            by_base.setdefault((parent, path[-1].split("(")[0]), []).append(usr)
        ancestor_cache, table = {}, {}
        for usr, (path, versions, parameters) in self.symbols.items():
            if not versions:
                continue
            parents = self.ancestors(self.parent.get(usr), ancestor_cache) if self.parent.get(usr) else {None}
            fallback = self.best(usr, [c for p in parents for c in by_name.get((p, path[-1]), ())
                                       if _same_parameters(parameters, self.symbols[c][2])])
            implicit = self.best(usr, [c for p in parents for c in by_base.get((p, path[-1].split("(")[0]), ())])
            table[usr] = Restriction(".".join(path), versions, fallback, implicit)
        return table

    def best(self, usr, candidates):
        """Per platform, the oldest version on which one of `candidates` (other than `usr`) is available."""
        result = {}
        for candidate in candidates:
            if candidate == usr:
                continue
            versions = self.symbols[candidate][1]
            for platform in PLATFORMS:
                v = versions.get(platform, _UNRESTRICTED)
                result[platform] = min(v, result.get(platform, v))
        return result


def _parameter_types(symbol):
    """The type of each parameter as written (`String.Encoding`, `Self`), or None for a declaration without any
    function signature (a type, a property)."""
    signature = symbol.get("functionSignature")
    if signature is None:
        return None
    types = []
    for parameter in signature.get("parameters") or []:
        fragments = parameter.get("declarationFragments") or []
        text = "".join(f.get("spelling", "") for f in fragments)
        types.append(text.split(":", 1)[1].strip() if ":" in text else text.strip())
    return types


def _same_parameters(reference, candidate):
    """Whether an overload with the `candidate` parameter types can take a call written for `reference`'s: the same
    types, where a protocol's `Self` stands for any conforming type (an old `FixedWidthInteger.&*(Self, Self)` takes
    what a new `Int128.&*(Int128, Int128)` takes), never a different type (`split(separator: Self.Element)` does not
    take the collection a new `split(separator:)` takes)."""
    if reference is None or candidate is None:
        return reference is None and candidate is None
    return len(reference) == len(candidate) and all(c == r or c == "Self" for r, c in zip(reference, candidate))


def _versions(availability):
    versions = {}
    for entry in availability:
        domain = entry.get("domain")
        platforms = PLATFORMS if domain == "*" else ((domain,) if domain in PLATFORMS else ())
        for platform in platforms:
            if entry.get("isUnconditionallyUnavailable"):
                versions[platform] = NEVER
            elif "introduced" in entry and domain != "*":
                introduced = entry["introduced"]
                versions[platform] = (introduced.get("major", 0), introduced.get("minor", 0),
                                      introduced.get("patch", 0))
    return versions


def find_tool():
    """The swift-symbolgraph-extract command: beside `swift` on PATH, or through xcrun on a Mac."""
    if shutil.which("xcrun"):
        return ["xcrun", "swift-symbolgraph-extract"]
    tool = shutil.which("swift-symbolgraph-extract")
    return [tool] if tool else None
