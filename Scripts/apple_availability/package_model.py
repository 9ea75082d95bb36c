"""The package's targets and the Apple minimum each is held to, from `swift package describe --type json`.

A library (regular) target is held to every platform `Package.swift` declares (`platforms: [.iOS(.v15), .macOS(.v12)]`),
or to SwiftPM's defaults for every Apple platform when it declares none. Executables and test targets run on a Mac,
so they are held to the declared macOS minimum (SwiftPM's default when none is declared). Plugin targets are left
out: SwiftPM compiles a plugin for the machine running `swift package`, against PackagePlugin rather than the
package's platforms, and not in the build whose index store the gate reads.
"""

import json
import os
import subprocess

# SwiftPM's minimum deployment targets for tools version 6.0, used for a platform Package.swift does not declare.
SWIFTPM_DEFAULTS = {"macOS": (10, 13, 0), "iOS": (12, 0, 0), "tvOS": (12, 0, 0), "watchOS": (4, 0, 0),
                    "visionOS": (1, 0, 0)}
_PLATFORM_NAMES = {"macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS"}
_LIBRARY_TYPES = {"library", "regular"}
_MAC_ONLY_TYPES = {"executable", "test", "snippet", "macro"}


class PackageError(Exception):
    pass


class Target:
    def __init__(self, name, module, kind, sources, minimums):
        self.name = name
        self.module = module          # the module name the compiler records (c99name)
        self.kind = kind
        self.sources = sources        # absolute paths of its Swift files
        self.minimums = minimums      # {platform: version tuple}


def load(root):
    """The targets of the package at `root` that have Swift sources."""
    if not os.path.isfile(os.path.join(root, "Package.swift")):
        raise PackageError(f"{root}: no Package.swift")
    result = subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=root,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if result.returncode != 0:
        raise PackageError(f"'swift package describe' failed in {root}:\n" + result.stderr.decode("utf-8", "replace").strip())
    description = json.loads(result.stdout)
    declared = {}
    for platform in description.get("platforms") or []:
        name = _PLATFORM_NAMES.get(platform["name"])
        if name:
            declared[name] = _version(platform["version"])
    targets = []
    for target in description["targets"]:
        kind = target["type"]
        if kind in _LIBRARY_TYPES:
            minimums = dict(declared) if declared else dict(SWIFTPM_DEFAULTS)
        elif kind in _MAC_ONLY_TYPES:
            minimums = {"macOS": declared.get("macOS", SWIFTPM_DEFAULTS["macOS"])}
        else:   # plugin, system-target, binary: nothing the index store holds
            continue
        folder = os.path.join(root, target["path"])
        sources = [os.path.normpath(os.path.join(folder, s)) for s in target.get("sources", []) if s.endswith(".swift")]
        if sources:
            targets.append(Target(target["name"], target.get("c99name", target["name"]), kind, sources, minimums))
    return targets


def _version(text):
    numbers = [int(part) for part in text.split(".")][:3]
    return tuple(numbers + [0] * (3 - len(numbers)))
