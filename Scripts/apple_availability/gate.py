"""The availability gate: every reference, in every target, to a toolchain or SDK declaration introduced after that
target's Apple minimum, which an Apple compiler would refuse (docs/testing.md, "Apple availability gate").

It joins three things the toolchain knows without a Mac: the index store of a debug build (which declaration each
line references, by USR), the symbol graphs of the toolchain's modules (each declaration's `introduced` version per
Apple platform) and the package description (each target's minimum). A use inside `if #available`, `guard
#available` or an `@available` declaration is allowed when the versions there cover it (swift_scopes.py), and so is a
use in an `#if` branch an Apple compiler never compiles; the rest goes to the allowlist or gets fixed.
"""

import json
import os
import subprocess
import sys

import allowlist as allowlists
import index_store
import package_model
import swift_scopes
import symbol_graphs

ALLOWLIST = os.path.join("Scripts", "apple-availability.allowlist")


class GateError(Exception):
    pass


def run(root, build=True, out=sys.stdout, err=sys.stderr):
    """Checks the package at `root`; returns the exit status (0 clean, 1 findings or stale allowlist entries)."""
    if not os.path.isfile(os.path.join(root, "Package.swift")):
        raise GateError(f"{root}: no Package.swift (--package-path names the folder of a Swift package)")
    if build:
        _build(root, err)
    targets = package_model.load(root)
    info = _target_info()
    store_path = os.path.join(_bin_path(root), "index", "store")
    if not os.path.isdir(store_path):
        raise GateError(f"no index store at {store_path}: a debug 'swift build' writes one unless it is given "
                        "--disable-index-store")
    store = index_store.IndexStore(_index_store_library(info), store_path)
    by_source = {}
    for target in targets:
        for source in target.sources:
            by_source[source] = target
    units = [u for u in store.units() if by_source.get(os.path.normpath(u.main_file)) is not None
             and by_source[os.path.normpath(u.main_file)].module == u.module]
    modules = _toolchain_modules(info) | {_module_name(path) for u in units for path in u.system_modules}
    modules.discard(None)
    tool = symbol_graphs.find_tool()
    if tool is None:
        raise GateError("swift-symbolgraph-extract not found beside swift")
    cache = os.path.join(root, ".build", "apple-availability")
    table = symbol_graphs.availability_table(tool, info["target"]["triple"], _sdk_path(info), modules, cache,
                                             _toolchain_identity())
    allowed = allowlists.Allowlist(os.path.join(root, ALLOWLIST))
    findings = set()
    scopes_of = {}
    for unit in units:
        target = by_source[os.path.normpath(unit.main_file)]
        relevant = _relevant(table, target.minimums)
        for record in unit.records:
            for line, column, usr, implicit in store.references(record, relevant.__contains__):
                restriction = table[usr]
                path = os.path.normpath(unit.main_file)
                if path not in scopes_of:
                    with open(path, encoding="utf-8", errors="replace") as f:
                        scopes_of[path] = swift_scopes.scopes(f.read())
                for platform, minimum in sorted(target.minimums.items()):
                    needed = restriction.needs(platform, implicit)
                    if needed is None or needed <= minimum:
                        continue
                    if needed <= _raised(scopes_of[path], (line, column), platform, minimum):
                        continue
                    relative = os.path.relpath(path, root)
                    if allowed.allows(relative, restriction.name):
                        continue
                    findings.add((relative, line, restriction.name, platform, needed, minimum))
    store.close()
    annotate = os.environ.get("GITHUB_ACTIONS") == "true"
    for relative, line, name, platform, needed, minimum in sorted(findings):
        if needed == swift_scopes.NEVER:
            message = f"{name} is unavailable on {platform}"
        else:
            message = f"{name} needs {platform} {_format(needed)} (minimum {platform} {_format(minimum)})"
        print(f"{relative}:{line}: {message}", file=out)
        if annotate:   # a GitHub Actions error annotation on the line, beside the plain line
            print(f"::error file={relative},line={line}::{message}; cover it with if #available or @available, "
                  f"or use an API of the minimum", file=out)
    stale = allowed.unused()
    for number, file, declaration in stale:
        print(f"{ALLOWLIST}:{number}: '{file} | {declaration}' matches no use any more: remove the line", file=out)
    checked = sum(len(t.sources) for t in targets)
    if findings or stale:
        print(f"apple-availability: {len(findings)} use(s) newer than the minimum, {len(stale)} stale allowlist "
              f"entr{'y' if len(stale) == 1 else 'ies'}, in {checked} files of {len(targets)} targets", file=err)
        return 1
    print(f"apple-availability: no use newer than the minimum in {checked} files of {len(targets)} targets "
          f"({len(units)} compilations, {len(table)} restricted declarations known)", file=err)
    return 0


def _relevant(table, minimums):
    """The USRs that need more than `minimums` on some platform."""
    return {usr for usr, restriction in table.items()
            if any(restriction.versions.get(p, m) > m for p, m in minimums.items())}


def _raised(scopes, position, platform, minimum):
    """The version the code at `position` may assume on `platform`: the minimum, raised by every scope holding it."""
    effective = minimum
    for start, end, versions in scopes:
        if platform in versions and start <= position < end:
            effective = max(effective, versions[platform])
    return effective


def _format(version):
    major, minor, patch = version
    return f"{major}.{minor}.{patch}" if patch else (f"{major}.{minor}" if minor else f"{major}")


def _build(root, err):
    command = ["swift", "build", "--build-tests"]
    result = subprocess.run(command, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if result.returncode != 0:
        err.write(result.stdout.decode("utf-8", "replace"))
        raise GateError(f"'{' '.join(command)}' failed in {root} (exit {result.returncode})")


def _bin_path(root):
    return subprocess.run(["swift", "build", "--show-bin-path"], cwd=root, check=True, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL).stdout.decode().strip()


def _target_info():
    return json.loads(subprocess.run(["swift", "-print-target-info"], check=True, stdout=subprocess.PIPE).stdout)


def _sdk_path(info):
    """The SDK the symbol graphs are read from: none on Linux (the toolchain's own modules), the macOS SDK on a Mac."""
    sdk = info.get("paths", {}).get("sdkPath")
    if sdk or sys.platform != "darwin":
        return sdk
    return subprocess.run(["xcrun", "--show-sdk-path", "--sdk", "macosx"], check=True,
                          stdout=subprocess.PIPE).stdout.decode().strip()


def _toolchain_identity():
    return subprocess.run(["swift", "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT).stdout.decode()


def _index_store_library(info):
    library_folder = os.path.dirname(info["paths"]["runtimeResourcePath"])   # <toolchain>/usr/lib
    for name in ("libIndexStore.so", "libIndexStore.dylib"):
        candidate = os.path.join(library_folder, name)
        if os.path.exists(candidate):
            return candidate
    raise GateError(f"no libIndexStore in {library_folder}")


def _toolchain_modules(info):
    """On Linux, every Swift module of the toolchain: Foundation re-exports FoundationEssentials and others that no
    unit names. On a Mac the SDK has hundreds, so only the modules the units import are read."""
    if sys.platform == "darwin":
        return set()
    folder = os.path.join(info["paths"]["runtimeResourcePath"], info["target"].get("platform", "linux"))
    if not os.path.isdir(folder):
        return set()
    return {entry[:-len(".swiftmodule")] for entry in os.listdir(folder) if entry.endswith(".swiftmodule")}


def _module_name(path):
    """The module a system dependency's file belongs to (`…/Foundation.swiftmodule/x.swiftinterface` → Foundation)."""
    for part in reversed(path.split(os.sep)):
        if part.endswith(".swiftmodule"):
            return part[:-len(".swiftmodule")]
        if part.endswith(".framework"):
            return part[:-len(".framework")]
    base = os.path.basename(path)
    return base.split("-")[0].split(".")[0] or None
