#!/usr/bin/env python3
"""Kill-and-restart soak of `ota-localizations sync` and `delete` against nginx on loopback. See docs/soak.md.

Driven by Scripts/soak.sh, which builds the CLI and passes its path. Every cycle does one random action:
republish (one random string of a copy of Examples/SampleApp changed, packaged again), republish with a
corrupted ZIP, a server error (every request 500, or only the ZIPs 500), a SIGKILL of the syncing process after a
random delay, a SIGKILL of `delete` or of the kill switch (a `delete` stopping a `sync`) in the middle, damage to
installed folders, a manifest dated in the far future, a stale manifest, or a plain sync. After every cycle the cheap
invariants are checked; every --check-every cycles, after every delete and damage, and at the end the full ones
(installed files byte for byte against the published ZIPs and their seals). Exit status 0 when every check held, 1
when one failed (the first failure is printed with the cycle's log), 2 on a setup error.
"""

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import zipfile

APP_VERSION = "1.0.0"
STORAGE_TOP = {".ota-install-id", ".ota-anti-rollback.json", ".ota-localizations-root.json", ".ota-localizations.lock",
               APP_VERSION}
TRASH_PREFIX = ".ota-trash-"
VERSION_TOP = {"state.json", "index-parts", "modules", "tmp"}
SEAL = ".ota-seal"
SHA_RE = re.compile(r"^[0-9a-f]{64}$")
FOLDER_RE = re.compile(r"^([0-9a-f]{64})(?:\.[1-9][0-9]{0,5})?$")
FUTURE = "9999-12-31T23:59:59Z"
LINE_RE = re.compile(r'^(\s*"(?:[^"\\]|\\.)+"\s*=\s*")(.*)(";\s*)$')
MARK_RE = re.compile(r" ~\d+$")


class SoakFailure(Exception):
    pass


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def port_accepts(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


class Nginx:
    """nginx on 127.0.0.1:<free port>: / serves www/ with ETags, /error/ answers 500, /ziperr/ serves the
    manifest but answers 500 for every ZIP, /slow/ serves www/ at 20 kB/s, /future/ and /stale/ serve the manifests
    written into their own folders."""

    def __init__(self, nginx, folder, www, extra):
        self.folder = folder
        os.makedirs(os.path.join(folder, "logs"), exist_ok=True)
        os.chmod(folder, 0o755)
        user = "user root root;\n" if os.getuid() == 0 else ""
        for _ in range(5):
            self.port = free_port()
            conf = f"""daemon off;
{user}worker_processes 1;
worker_shutdown_timeout 2s;
pid {folder}/nginx.pid;
error_log {folder}/logs/error.log;
events {{ worker_connections 256; }}
http {{
    log_format soak '$request_method $uri $status $body_bytes_sent';
    access_log {folder}/logs/access.log soak;
    client_body_temp_path {folder}/t1; proxy_temp_path {folder}/t2; fastcgi_temp_path {folder}/t3;
    uwsgi_temp_path {folder}/t4; scgi_temp_path {folder}/t5;
    types {{ application/json json; application/zip zip; }}
    default_type application/octet-stream;
    server {{
        listen 127.0.0.1:{self.port};
        root {www};
        etag on;
        location /error/ {{ return 500; }}
        location /ziperr/ {{ alias {www}/; }}
        location ~ ^/ziperr/.*\\.zip$ {{ return 500; }}
        location /slow/ {{ alias {www}/; limit_rate 20k; }}
        location /future/ {{ alias {extra}/future/; }}
        location /stale/ {{ alias {extra}/stale/; }}
    }}
}}
"""
            with open(os.path.join(folder, "nginx.conf"), "w") as f:
                f.write(conf)
            self.process = subprocess.Popen(
                [nginx, "-c", os.path.join(folder, "nginx.conf"), "-p", folder + "/"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(500):
                if self.process.poll() is not None or port_accepts(self.port):
                    break
                time.sleep(0.01)
            if self.process.poll() is None and port_accepts(self.port):
                return
            if self.process.poll() is None:
                self.process.kill()
            self.process.wait()
        raise SystemExit("soak: nginx did not start: " + open(os.path.join(folder, "logs/error.log")).read()[-400:])

    def url(self, prefix=""):
        return f"http://127.0.0.1:{self.port}/{prefix}"

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def storage_name(module):
    """The module's folder name (docs/operations.md): NFC UTF-8, every byte other than a-z 0-9 - _ as %XX."""
    import unicodedata
    out = []
    for byte in unicodedata.normalize("NFC", module).encode("utf-8"):
        char = chr(byte)
        out.append(char if "a" <= char <= "z" or "0" <= char <= "9" or char in "-_" else "%%%02X" % byte)
    return "".join(out)


def seal(files):
    """The seal the installer writes for `files` (path -> bytes): Info.plist first, then the rest in byte order."""
    order = ["Info.plist"] + sorted((p for p in files if p != "Info.plist"), key=lambda p: p.encode())
    return ("ota-localizations-seal 1\n" + "".join(
        "%d %s %s\n" % (len(files[p]), hashlib.sha256(files[p]).hexdigest(), p) for p in order)).encode()


# The device languages a sync runs with (None: every localization, from the full ZIPs), and the localizations
# the client's choice gives for the sample app's modules (docs/apple-platform.md, "Choosing slices off Apple
# platforms"): the development region en is in every base slice.
LANGUAGES = {None: None, "de": ["de"], "fr": ["fr"], "fr-CA": ["fr", "fr-CA"], "en": [], "ja": []}


def slice_record(module, development, chosen):
    """The `.ota-slices` bytes of `module` installed with the `chosen` localization slices (docs/operations.md)."""
    available = [name for name in module["localizations"] if name != "Base"]
    lines = ["ota-localizations-slices 1", "development " + development, " ".join(["available"] + available),
             "base " + module["slices"]["base"]["sha256"]]
    lines += ["%s %s" % (name, module["slices"]["localizations"][name]["sha256"]) for name in sorted(chosen, key=str.encode)]
    return ("\n".join(lines) + "\n").encode()


def manifest_key(manifest):
    """What makes two manifests the same publication: publishedAt and every module's name and SHA-256."""
    return (manifest["publishedAt"], tuple(sorted((m["name"], m["sha256"]) for m in manifest["modules"])))


class Soak:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.work = args.workdir
        self.cli = args.cli
        self.repo = os.path.join(self.work, "repo")
        self.out = os.path.join(self.work, "publish")
        self.www = os.path.join(self.work, "www")
        self.history = os.path.join(self.work, "history")
        self.storage = os.path.join(self.work, "storage")
        self.extra = os.path.join(self.work, "extra")  # /future/ and /stale/ manifests
        self.tmpdir = os.path.join(self.work, "tmpdir")  # TMPDIR of every sync: must stay empty
        self.cwd = os.path.join(self.work, "cwd")  # working folder of every sync: must stay empty
        for folder in (self.www, self.history, self.tmpdir, self.cwd, self.extra, os.path.join(self.history, "zips"),
                       os.path.join(self.history, "extracted"), os.path.join(self.history, "manifests")):
            os.makedirs(folder, exist_ok=True)
        shutil.copytree(args.sample, self.repo)
        self.tables = sorted(
            os.path.join(root, name)
            for root, _, names in os.walk(self.repo)
            for name in names
            if name == "Localizable.strings" and root.endswith(".lproj") and ".bundle" not in root)
        self.published = []  # every fully published manifest, in order
        self.published_keys = set()
        self.allowed = {}  # module -> set of published sha256
        self.zip_of = {}  # sha256 -> path of the good ZIP (full or slice) in history/zips
        self.sliced = {}  # folder name of a slice install -> (its .ota-slices bytes, the slice ZIPs' sha256)
        self.languages = None  # the --languages of the last sync (a key of LANGUAGES)
        self.language_switches = 0
        self.corrupted = {}  # served path -> good bytes
        self.publish_count = 0
        self.mark = 0
        self.counts = {}
        self.kills = 0
        self.install_seconds = []  # durations of syncs that installed something, to aim the kills
        self.kills_leaving_tmp = 0  # kills that left staged files in tmp/: the install was interrupted
        self.checks = 0
        self.full_checks = 0
        self.delete_seconds = []  # durations of deletes that finished, to aim the kills
        self.deletes_killed = 0  # delete processes killed while running
        self.deletes_cut_short = 0  # kills (delete or kill switch) that left trash: a delete was interrupted
        self.kill_switches = 0
        self.damages = {}  # kind -> count
        self.future_refused = 0
        self.stale_ignored = 0

    # ---- publishing ----

    def edit_random_string(self):
        path = self.rng.choice(self.tables)
        raw = open(path, "rb").read()
        if raw.startswith(b"\xff\xfe") or raw.startswith(b"\xfe\xff"):
            encoding = "utf-16"
        elif raw.startswith(b"\xef\xbb\xbf"):
            encoding = "utf-8-sig"
        else:
            encoding = "utf-8"
        lines = raw.decode(encoding).split("\n")
        candidates = [i for i, line in enumerate(lines) if LINE_RE.match(line)]
        index = self.rng.choice(candidates)
        match = LINE_RE.match(lines[index])
        self.mark += 1
        value = MARK_RE.sub("", match.group(2)) + f" ~{self.mark}"
        lines[index] = match.group(1) + value + match.group(3)
        with open(path, "wb") as f:
            f.write("\n".join(lines).encode(encoding))
        return os.path.relpath(path, self.repo)

    def publish(self, corrupt=False):
        """Packages the repository copy and publishes it: ZIPs first, then the manifest (renamed into place
        with a modification time one second after the last, as nginx's ETag is mtime-size)."""
        self.publish_count += 1
        stamp = 1_780_000_000 + self.publish_count
        published_at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(stamp))
        shutil.rmtree(self.out, ignore_errors=True)
        result = subprocess.run(
            [self.cli, "package", self.repo, "--app-version", APP_VERSION, "--output", self.out,
             "--published-at", published_at, "--quiet"], capture_output=True, text=True)
        if result.returncode != 0:
            raise SoakFailure(f"package failed ({result.returncode}): {result.stderr[-600:]}")
        source = os.path.join(self.out, APP_VERSION)
        manifest = json.load(open(os.path.join(source, "manifest.json")))
        target = os.path.join(self.www, APP_VERSION)
        os.makedirs(target, exist_ok=True)
        new_zips = []
        for module in manifest["modules"]:
            slices = module.get("slices", {})
            files = [(module["path"], module["sha256"])] + [(s["path"], s["sha256"]) for s in
                     [slices["base"]] + list(slices["localizations"].values())] if slices else [(module["path"], module["sha256"])]
            for path, sha in files:
                good = os.path.join(self.history, "zips", sha + ".zip")
                if not os.path.exists(good):
                    shutil.copyfile(os.path.join(source, path), good)
                self.zip_of[sha] = good
                served = os.path.join(target, path)
                if not os.path.exists(served):
                    shutil.copyfile(good, served + ".part")
                    os.replace(served + ".part", served)
                    new_zips.append(served)
        # The published index's parts, content-addressed like the ZIPs (never corrupted: a device checks them
        # against the root's SHA-256 before use, and a bad one refuses the whole publish).
        for name in sorted(os.listdir(source)):
            if name.startswith("index-") and name.endswith(".json.gz") and not os.path.exists(os.path.join(target, name)):
                shutil.copyfile(os.path.join(source, name), os.path.join(target, name + ".part"))
                os.replace(os.path.join(target, name + ".part"), os.path.join(target, name))
        corrupted = None
        if corrupt:
            candidates = new_zips or [os.path.join(target, m["path"]) for m in manifest["modules"]]
            corrupted = self.rng.choice(candidates)
            self.corrupt(corrupted)
        # The commit points, last: manifest.json (apps before the index), then index.json (what devices read).
        for name in ("manifest.json", "index.json"):
            staged = os.path.join(target, "." + name + ".part")
            shutil.copyfile(os.path.join(source, name), staged)
            os.utime(staged, (stamp, stamp))
            os.replace(staged, os.path.join(target, name))
        # Fully published: record it.
        self.published.append(manifest)
        self.published_keys.add(manifest_key(manifest))
        for module in manifest["modules"]:
            self.allowed.setdefault(module["name"], set()).add(module["sha256"])
            for chosen in LANGUAGES.values():
                if chosen is None or "slices" not in module:
                    continue
                record = slice_record(module, manifest["developmentRegion"], chosen)
                folder = hashlib.sha256(record).hexdigest()
                self.allowed[module["name"]].add(folder)
                self.sliced[folder] = (record, [module["slices"]["base"]["sha256"]]
                                       + [module["slices"]["localizations"][n]["sha256"] for n in chosen])
        with open(os.path.join(self.history, "manifests", f"{self.publish_count:05d}.json"), "w") as f:
            json.dump(manifest, f)
        return corrupted

    def corrupt(self, served):
        data = bytearray(open(served, "rb").read())
        self.corrupted.setdefault(served, bytes(data))
        if self.rng.random() < 0.5:
            for i in range(30, max(31, len(data) - 30), 89):
                data[i] ^= 0x5A
        else:
            data = data[: max(1, len(data) * self.rng.randint(1, 9) // 10)]
        with open(served + ".part", "wb") as f:
            f.write(data)
        os.replace(served + ".part", served)

    def heal(self):
        for served, good in self.corrupted.items():
            with open(served + ".part", "wb") as f:
                f.write(good)
            os.replace(served + ".part", served)
        self.corrupted = {}

    # ---- syncing ----

    def sync_command(self, base):
        """One sync, as a device with random languages: a switch in one of ten syncs (the user changed them)."""
        if self.rng.random() < 0.1:
            choice = self.rng.choice([k for k in LANGUAGES if k != self.languages])
            self.language_switches += 1
            self.languages = choice
        command = [self.cli, "sync", "--base-url", base, "--app-version", APP_VERSION, "--into", self.storage,
                   "--timeout", "10", "--json"]
        return command + (["--languages", self.languages] if self.languages else [])

    def environment(self):
        env = dict(os.environ)
        env["TMPDIR"] = self.tmpdir
        return env

    def sync(self, base):
        started = time.monotonic()
        result = subprocess.run(self.sync_command(base), capture_output=True, text=True, cwd=self.cwd,
                                env=self.environment(), timeout=120)
        report = None
        if result.stdout.strip():
            try:
                report = json.loads(result.stdout)
            except ValueError:
                raise SoakFailure(f"sync printed no JSON: {result.stdout[-400:]} {result.stderr[-400:]}")
        if report is not None and report.get("updated", 0) > 0:
            self.install_seconds.append(time.monotonic() - started)
        return result, report

    def start_and_kill(self, command, durations, default):
        """Starts `command` and SIGKILLs it after a random delay of up to 1.2× the median of recent `durations`
        (at most --max-kill-delay), so most kills land inside its run. Returns whether it had finished first."""
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=self.cwd,
                                   env=self.environment())
        recent = sorted(durations[-21:])
        limit = min(self.args.max_kill_delay, 1.2 * recent[len(recent) // 2]) if recent else default
        time.sleep(self.rng.uniform(0, limit))
        finished = process.poll() is not None
        if not finished:
            process.send_signal(signal.SIGKILL)
        process.wait(timeout=60)
        return finished

    def killed_sync(self):
        # Aim inside the cycle: recent cycles that installed a module.
        finished = self.start_and_kill(self.sync_command(self.nginx.url()), self.install_seconds,
                                       self.args.max_kill_delay)
        if not finished:
            self.kills += 1
        staging = os.path.join(self.storage, APP_VERSION, "tmp")
        if not finished and os.path.isdir(staging) and os.listdir(staging):
            self.kills_leaving_tmp += 1
        return finished

    def wait_for_lock_holder(self, pid, seconds=5.0):
        lock = os.path.join(self.storage, ".ota-localizations.lock")
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                if open(lock).read().split(" ")[0] == str(pid):
                    return True
            except OSError:
                pass
            time.sleep(0.005)
        return False

    def delete_command(self):
        return [self.cli, "delete", "--into", self.storage]

    def killed_delete(self):
        """`delete`, SIGKILLed after a random delay aimed inside its run."""
        started = time.monotonic()
        finished = self.start_and_kill(self.delete_command(), self.delete_seconds, 0.05)
        if finished:
            self.delete_seconds.append(time.monotonic() - started)
        else:
            self.deletes_killed += 1
        self.note_trash()
        return "delete finished before the kill" if finished else "delete killed"

    def kill_switch(self):
        """A slow `sync`, then a `delete` that asks it to stop and delete (SIGUSR1); one, both or neither killed."""
        self.kill_switches += 1
        sync = subprocess.Popen(self.sync_command(self.nginx.url("slow/")), stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, cwd=self.cwd, env=self.environment())
        self.wait_for_lock_holder(sync.pid)
        delete = subprocess.Popen(self.delete_command(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  cwd=self.cwd, env=self.environment(), text=True)
        time.sleep(self.rng.uniform(0, 0.4))
        victims = self.rng.choice([(), ("sync",), ("delete",), ("sync", "delete")])
        for name, process in (("sync", sync), ("delete", delete)):
            if name in victims and process.poll() is None:
                process.send_signal(signal.SIGKILL)
        sync.wait(timeout=60)
        out, err = delete.communicate(timeout=60)
        if "delete" not in victims:
            if delete.returncode != 0:
                raise SoakFailure(f"delete exited {delete.returncode}: {err[-300:]}")
            # The kill switch keeps the lock file, the install ID and the anti-rollback record, nothing else.
            kept = {".ota-localizations.lock", ".ota-install-id", ".ota-anti-rollback.json"}
            left = [e for e in os.listdir(self.storage) if e not in kept] if os.path.isdir(self.storage) else []
            if left:
                raise SoakFailure(f"a delete that was not killed left {sorted(left)}")
        self.note_trash()
        return f"kill switch, killed: {', '.join(victims) or 'none'}"

    def note_trash(self):
        if os.path.isdir(self.storage) and any(e.startswith(TRASH_PREFIX) for e in os.listdir(self.storage)):
            self.deletes_cut_short += 1

    def damage(self):
        """Damages the storage root behind the service's back: a file of an installed folder, or a wrong kind of
        file where a folder or a file is expected. Returns what was done, or None when nothing applied."""
        version = os.path.join(self.storage, APP_VERSION)
        installed = [(name, folder) for name, folder in self.installed().items()
                     if os.path.isdir(os.path.join(version, "modules", storage_name(name), folder))]
        choices = []
        if installed:
            choices += ["truncate table", "flip table", "delete table", "delete Info.plist", "delete seal",
                        "add root table", "delete lproj", "current is a folder"]
        if os.path.isdir(version):
            choices += ["state.json is a folder", "modules is a file", "tmp is a file"]
        if not choices:
            return None
        kind = self.rng.choice(choices)
        self.damages[kind] = self.damages.get(kind, 0) + 1

        def clear(path):
            if os.path.isdir(path) and not os.path.islink(path):
                shutil.rmtree(path)
            elif os.path.lexists(path):
                os.remove(path)

        def replace_with_folder(path):
            clear(path)
            os.makedirs(os.path.join(path, "junk"))

        def replace_with_file(path):
            clear(path)
            open(path, "w").write("not a folder")

        if kind in ("state.json is a folder",):
            replace_with_folder(os.path.join(version, "state.json"))
        elif kind == "modules is a file":
            replace_with_file(os.path.join(version, "modules"))
        elif kind == "tmp is a file":
            replace_with_file(os.path.join(version, "tmp"))
        else:
            name, folder_name = self.rng.choice(installed)
            module = os.path.join(version, "modules", storage_name(name))
            folder = os.path.join(module, folder_name)
            tables = sorted(os.path.relpath(os.path.join(r, f), folder) for r, _, fs in os.walk(folder) for f in fs
                            if f.endswith((".strings", ".stringsdict")))
            table = os.path.join(folder, self.rng.choice(tables))
            if kind == "truncate table":
                data = open(table, "rb").read()
                open(table, "wb").write(data[: len(data) // 2])
            elif kind == "flip table":
                data = bytearray(open(table, "rb").read())
                data[len(data) // 2] ^= 0x20
                open(table, "wb").write(bytes(data))
            elif kind == "delete table":
                os.remove(table)
            elif kind == "delete Info.plist":
                os.remove(os.path.join(folder, "Info.plist"))
            elif kind == "delete seal":
                os.remove(os.path.join(folder, SEAL))
            elif kind == "add root table":
                open(os.path.join(folder, "Localizable.strings"), "w").write('"x" = "y";\n')
            elif kind == "delete lproj":
                shutil.rmtree(os.path.dirname(table))
            elif kind == "current is a folder":
                replace_with_folder(os.path.join(module, "current"))
            kind += f" ({name})"
        return kind

    def serve_extra(self, location, manifest):
        folder = os.path.join(self.extra, location, APP_VERSION)
        os.makedirs(folder, exist_ok=True)
        staged = os.path.join(folder, ".manifest.json.part")
        with open(staged, "w") as f:
            json.dump(manifest, f)
        os.replace(staged, os.path.join(folder, "manifest.json"))

    # ---- checks ----

    def read_state(self):
        path = os.path.join(self.storage, APP_VERSION, "state.json")
        if not os.path.isfile(path):
            return None
        state = json.load(open(path))
        if state.get("formatVersion") != 2:
            raise SoakFailure(f"state.json has formatVersion {state.get('formatVersion')}, not 2")
        # The device's entries must be those of the publish with its publishedAt (every publish has its own): each
        # module by its full ZIP, or, installed from slices, by its base slice. Returns that published manifest.
        matching = [m for m in self.published if m["publishedAt"] == state["publishedAt"]]
        if not matching:
            raise SoakFailure(f"state.json holds publishedAt {state['publishedAt']}, which was never published")
        published = {m["name"]: m for m in matching[-1]["modules"]}
        for module in state["modules"]:
            entry = published.get(module["name"])
            ok = entry is not None and (
                module["full"]["sha256"] == entry["sha256"] if "full" in module
                else "slices" in entry and module["base"]["sha256"] == entry["slices"]["base"]["sha256"])
            if not ok:
                raise SoakFailure(f"state.json's {module['name']} is not the one published at {state['publishedAt']}")
        if {m["name"] for m in state["modules"]} != set(published):
            raise SoakFailure(f"state.json's modules are not those published at {state['publishedAt']}")
        return matching[-1]

    def module_names(self):
        """storage name -> module name, for every module ever published."""
        return {storage_name(name): name for name in self.allowed}

    def installed(self):
        """module -> installed folder name named by its current pointer (`<sha256>` or `<sha256>.<n>`)."""
        modules = os.path.join(self.storage, APP_VERSION, "modules")
        result = {}
        if not os.path.isdir(modules):
            return result
        names = self.module_names()
        for entry in os.listdir(modules):
            if entry not in names:
                raise SoakFailure(f"modules/ holds {entry}, the storage name of no published module")
            name = names[entry]
            folder = os.path.join(modules, entry)
            pointer = os.path.join(folder, "current")
            if not os.path.exists(pointer):
                # Not installed yet: a first install killed after its folder was renamed into place and
                # before the pointer was written. The loader skips it; the folder check below still applies.
                for child in os.listdir(folder):
                    match = FOLDER_RE.match(child)
                    if not match or match.group(1) not in self.allowed.get(name, set()):
                        raise SoakFailure(f"module {name} (no current pointer) holds {child}, not a published version")
                continue
            text = open(pointer, "rb").read()
            match = FOLDER_RE.match(text[:-1].decode("ascii", "replace")) if text.endswith(b"\n") else None
            if not match:
                raise SoakFailure(f"module {name}: current pointer is {text!r}")
            result[name] = text[:-1].decode()
        return result

    def check(self, state_before, newest_key, full, deleting=False):
        """The invariants after a cycle; `deleting` when the cycle deleted (or was killed deleting) the root."""
        self.checks += 1
        # 1. Nothing outside the storage root: the sync's TMPDIR and working folder are empty, the soak folder
        #    holds only its own entries, and the storage root only the documented layout (and trash of a delete).
        for folder in (self.tmpdir, self.cwd):
            if os.listdir(folder):
                raise SoakFailure(f"files outside the storage root in {folder}: {sorted(os.listdir(folder))}")
        expected_work = {"repo", "publish", "www", "history", "storage", "tmpdir", "cwd", "nginx", "extra"}
        extra = set(os.listdir(self.work)) - expected_work
        if extra:
            raise SoakFailure(f"files outside the storage root in {self.work}: {sorted(extra)}")
        if os.path.isdir(self.storage):
            extra = {e for e in os.listdir(self.storage) if not e.startswith(TRASH_PREFIX)} - STORAGE_TOP
            if extra:
                raise SoakFailure(f"unexpected entries in the storage root: {sorted(extra)}")
            version = os.path.join(self.storage, APP_VERSION)
            if os.path.isdir(version):
                extra = set(os.listdir(version)) - VERSION_TOP
                if extra:
                    raise SoakFailure(f"unexpected entries in {version}: {sorted(extra)}")
        # 2. Every installed module is a module of a fully published manifest; every folder beside `current`
        #    is a published SHA-256 of that module.
        installed = self.installed()
        for name, folder_name in installed.items():
            sha = folder_name[:64]
            if sha not in self.allowed.get(name, set()):
                raise SoakFailure(f"module {name} points at {folder_name}, never published for it")
            folder = os.path.join(self.storage, APP_VERSION, "modules", storage_name(name))
            for entry in os.listdir(folder):
                match = FOLDER_RE.match(entry)
                if entry != "current" and (not match or match.group(1) not in self.allowed.get(name, set())):
                    raise SoakFailure(f"module {name} holds {entry}, neither current nor a published version")
            if not os.path.isdir(os.path.join(folder, folder_name)) and not deleting:
                raise SoakFailure(f"module {name}: current names {folder_name}, which is not a folder")
        # 3. The state file is the previous state or the newest complete manifest (a delete may remove it).
        state = self.read_state()
        if state is not None:
            key = manifest_key(state)
            if key not in self.published_keys:
                raise SoakFailure(f"state.json holds a manifest that was never published: {key[0]}")
            previous = manifest_key(state_before) if state_before is not None else None
            if key != previous and key != newest_key:
                raise SoakFailure(f"state.json is {key[0]}: neither the previous {previous and previous[0]} "
                                  f"nor the newest {newest_key[0]}")
        elif state_before is not None and not deleting:
            raise SoakFailure("state.json disappeared")
        # 4. Full check: each installed folder equals its published ZIP, byte for byte, plus its seal. After a
        #    delete this is what proves that no half bundle is left: a current pointer names a complete folder.
        if full or deleting:
            self.full_checks += 1
            for name, folder_name in installed.items():
                if os.path.isdir(os.path.join(self.storage, APP_VERSION, "modules", storage_name(name), folder_name)):
                    self.compare_with_zip(name, folder_name)
        return state

    def compare_with_zip(self, name, folder_name):
        sha = folder_name[:64]
        folder = os.path.join(self.storage, APP_VERSION, "modules", storage_name(name), folder_name)
        expected = {}
        record, zips = self.sliced.get(sha, (None, [sha]))
        for zip_sha in zips:
            with zipfile.ZipFile(self.zip_of[zip_sha]) as archive:
                expected.update({i.filename: archive.read(i) for i in archive.infolist() if not i.is_dir()})
                if hashlib.sha256(open(self.zip_of[zip_sha], "rb").read()).hexdigest() != zip_sha:
                    raise SoakFailure(f"history ZIP of {name} does not hash to {zip_sha}")
        if record is not None:
            expected[".ota-slices"] = record
        actual = {}
        for root, _, names in os.walk(folder):
            for file in names:
                path = os.path.join(root, file)
                actual[os.path.relpath(path, folder)] = open(path, "rb").read()
        found_seal = actual.pop(SEAL, None)
        if set(actual) != set(expected):
            raise SoakFailure(f"module {name} {folder_name[:12]}: files {sorted(set(actual) ^ set(expected))} differ from the ZIP")
        for path, data in expected.items():
            if actual[path] != data:
                raise SoakFailure(f"module {name} {folder_name[:12]}: {path} differs from the ZIP")
        if found_seal != seal(expected):
            raise SoakFailure(f"module {name} {folder_name[:12]}: the seal is missing or wrong")

    def converged(self):
        """After a clean sync: state is the newest manifest and every module is installed at its SHA-256."""
        newest = self.published[-1]
        state = self.read_state()
        if state is None or manifest_key(state) != manifest_key(newest):
            raise SoakFailure("after a clean sync the state is not the newest manifest")
        installed = {name: folder[:64] for name, folder in self.installed().items()}
        chosen = LANGUAGES[self.languages]
        wanted = {m["name"]: (m["sha256"] if chosen is None or "slices" not in m else
                              hashlib.sha256(slice_record(m, newest["developmentRegion"], chosen)).hexdigest())
                  for m in newest["modules"]}
        if installed != wanted:
            raise SoakFailure(f"after a clean sync the installed modules differ: {installed} vs {wanted}")
        trash = [e for e in os.listdir(self.storage) if e.startswith(TRASH_PREFIX)]
        if trash:
            raise SoakFailure(f"after a clean sync trash is left at the storage root: {trash}")

    # ---- the loop ----

    def run(self):
        started = time.monotonic()
        self.nginx = Nginx(self.args.nginx, os.path.join(self.work, "nginx"), self.www, self.extra)
        cycle = 0
        log = []
        try:
            self.publish()
            weights = [("plain", 20), ("republish", 20), ("corrupt", 8), ("error500", 6), ("zip500", 6), ("kill", 20),
                       ("killdelete", 7), ("killswitch", 7), ("damage", 8), ("future", 4), ("stale", 4)]
            actions = [a for a, w in weights for _ in range(w)]
            while cycle < self.args.cycles and time.monotonic() - started < self.args.max_seconds:
                cycle += 1
                action = self.rng.choice(actions)
                self.counts[action] = self.counts.get(action, 0) + 1
                state_before = self.read_state()
                log = [f"cycle {cycle}: {action}"]
                if self.corrupted and self.rng.random() < 0.5:
                    self.heal()
                    log.append("healed corrupted ZIPs")
                if action in ("republish", "corrupt") or (action in ("kill", "killswitch") and self.rng.random() < 0.8):
                    edited = self.edit_random_string()
                    corrupted = self.publish(corrupt=(action == "corrupt"))
                    log.append(f"published #{self.publish_count} after editing {edited}"
                               + (f", corrupted {os.path.basename(corrupted)}" if corrupted else ""))
                newest_key = manifest_key(self.published[-1])
                if action == "kill":
                    finished = self.killed_sync()
                    log.append("sync finished before the kill" if finished else "sync killed")
                elif action == "killdelete":
                    log.append(self.killed_delete())
                elif action == "killswitch":
                    log.append(self.kill_switch())
                elif action in ("future", "stale"):
                    if action == "future":
                        manifest = dict(self.published[-1], publishedAt=FUTURE)
                    else:
                        older = [m for m in self.published
                                 if state_before is not None and m["publishedAt"] < state_before["publishedAt"]]
                        manifest = self.rng.choice(older) if older else None
                    if manifest is None:
                        log.append("no older manifest to serve yet")
                    else:
                        self.serve_extra(action, manifest)
                        result, report = self.sync(self.nginx.url(action + "/"))
                        log.append(f"served {manifest['publishedAt']}: exit {result.returncode}: {result.stdout.strip()[:300]}")
                        if action == "future":
                            if result.returncode != 1 or report is None or report["manifest"] != "failed" \
                                    or "later than" not in (report["error"] or ""):
                                raise SoakFailure("a manifest from the far future was not refused")
                            self.future_refused += 1
                        else:
                            if result.returncode != 0 or report is None or report["manifest"] != "stale":
                                raise SoakFailure("an older manifest was not ignored as stale")
                            self.stale_ignored += 1
                        if self.read_state() != state_before:
                            raise SoakFailure(f"a {action} manifest changed the state")
                else:
                    if action == "damage":
                        done = self.damage()
                        log.append(f"damaged: {done}")
                        state_before = self.read_state()  # a damaged state.json is gone until a cycle saves it
                    base = {"error500": self.nginx.url("error/"), "zip500": self.nginx.url("ziperr/")}.get(action, self.nginx.url())
                    result, report = self.sync(base)
                    log.append(f"exit {result.returncode}: {result.stdout.strip()[:300]} {result.stderr.strip()[:300]}")
                    if action == "error500":
                        if result.returncode != 1 or report is None or report["manifest"] != "failed":
                            raise SoakFailure("a 500 for the manifest did not fail the cycle")
                    elif result.returncode != 0 or report is None:
                        raise SoakFailure(f"sync exited {result.returncode}")
                full = cycle % self.args.check_every == 0 or action == "damage"
                self.check(state_before, newest_key, full=full, deleting=action in ("killdelete", "killswitch"))
                if action in ("plain", "republish", "damage") and not self.corrupted:
                    # A clean cycle against a fully served publication converges.
                    self.converged()
                if full:
                    elapsed = time.monotonic() - started
                    print(f"soak: cycle {cycle}: full check passed ({elapsed:.0f} s, {self.publish_count} publishes, "
                          f"{self.kills} kills)", flush=True)
            # The end: heal, one clean sync, then every check including convergence.
            self.heal()
            state_before = self.read_state()
            result, _ = self.sync(self.nginx.url())
            log = [f"final clean sync: exit {result.returncode} {result.stdout.strip()[:300]} {result.stderr.strip()[:300]}"]
            if result.returncode != 0:
                raise SoakFailure("the final clean sync failed")
            self.check(state_before, manifest_key(self.published[-1]), full=True)
            self.converged()
        except SoakFailure as failure:
            print(f"soak: FAILED at cycle {cycle}: {failure}", file=sys.stderr)
            print("soak: cycle log:\n  " + "\n  ".join(log), file=sys.stderr)
            print(f"soak: the work folder is kept for inspection: {self.work}", file=sys.stderr)
            self.nginx.stop()
            return 1
        self.nginx.stop()
        elapsed = time.monotonic() - started
        summary = {
            "result": "passed", "cycles": cycle, "seconds": round(elapsed, 1), "seed": self.args.seed,
            "actions": dict(sorted(self.counts.items())), "languageSwitches": self.language_switches, "publishes": self.publish_count, "kills": self.kills, "killsMidInstall": self.kills_leaving_tmp,
            "checks": self.checks, "fullChecks": self.full_checks,
            "deletesKilled": self.deletes_killed, "killSwitches": self.kill_switches,
            "deletesCutShort": self.deletes_cut_short, "damages": sum(self.damages.values()),
            "damageKinds": dict(sorted(self.damages.items())), "futureRefused": self.future_refused,
            "staleIgnored": self.stale_ignored,
            "stoppedBy": "count" if cycle >= self.args.cycles else "time",
            "installedModules": len(self.installed()), "finalState": self.read_state()["publishedAt"],
            "newestPublished": self.published[-1]["publishedAt"],
        }
        print("soak: " + json.dumps(summary), flush=True)
        return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cli", required=True)
    parser.add_argument("--nginx", required=True)
    parser.add_argument("--sample", required=True)
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--cycles", type=int, default=1000)
    parser.add_argument("--max-seconds", type=float, default=900)
    parser.add_argument("--check-every", type=int, default=50)
    parser.add_argument("--max-kill-delay", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    args = parser.parse_args()
    sys.exit(Soak(args).run())


if __name__ == "__main__":
    main()
