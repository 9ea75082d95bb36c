#!/usr/bin/env bash
# Runs one libFuzzer target of ota-fuzz for a bounded time (docs/fuzzing.md).
#
#   Scripts/fuzz.sh <zip|strings|stringsdict|manifest> <seconds> [extra libFuzzer flags...]
#
# Builds ota-fuzz with -sanitize=fuzzer,address in its own scratch folder (.build/fuzz), seeds
# .build/fuzz-corpus/<target> from $OTA_SHARED/corpus (default ../shared/corpus) and Examples/SampleApp, runs
# libFuzzer for <seconds>, and writes crashes, hangs and leaks to .build/fuzz-artifacts/<target>/ and the log to
# .build/fuzz-logs/<target>.log. Exit status: 0 no finding, 1 a finding (crash, hang, leak, out of memory),
# 2 usage or setup error.
set -euo pipefail

usage() { echo "usage: Scripts/fuzz.sh <zip|strings|stringsdict|manifest> <seconds> [libFuzzer flags...]" >&2; exit 2; }
[[ $# -ge 2 ]] || usage
target=$1; seconds=$2; shift 2
[[ $seconds =~ ^[0-9]+$ ]] || usage

# Per target: the longest input tried (bytes), the memory limit (MB), the per-input timeout (s), and whether
# LeakSanitizer runs. Manifest keeps leak detection on unless OTA_FUZZ_MANIFEST_LEAKS=0 (docs/fuzzing.md).
case $target in
    zip)         max_len=65536; rss_mb=2048; timeout_s=10; leaks=1 ;;
    strings)     max_len=16384; rss_mb=2048; timeout_s=10; leaks=1 ;;
    stringsdict) max_len=16384; rss_mb=2048; timeout_s=10; leaks=1 ;;
    manifest)    max_len=8192;  rss_mb=2048; timeout_s=10; leaks=${OTA_FUZZ_MANIFEST_LEAKS:-1} ;;
    *) usage ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
shared=${OTA_SHARED:-$root/../shared}
corpus_src=$shared/corpus
[[ -d $corpus_src ]] || { echo "fuzz.sh: no corpus at $corpus_src (set OTA_SHARED)" >&2; exit 2; }

export SWIFT_BACKTRACE=enable=no   # the Swift backtracer trips ASan and can hang (docs/fuzzing.md)

echo "fuzz.sh: building ota-fuzz with -sanitize=fuzzer,address (.build/fuzz)" >&2
swift build -c debug -Xswiftc -sanitize=fuzzer,address \
    -Xlinker --export-dynamic-symbol=LLVMFuzzerRunDriver \
    --product ota-fuzz --scratch-path .build/fuzz 2>&1 \
    | grep -v "Cannot export local symbol" >&2 || true
binary=.build/fuzz/debug/ota-fuzz
[[ -x $binary ]] || { echo "fuzz.sh: build failed" >&2; exit 2; }

corpus=.build/fuzz-corpus/$target
artifacts=.build/fuzz-artifacts/$target
logs=.build/fuzz-logs
work=.build/fuzz-work/$target
mkdir -p "$corpus" "$artifacts" "$logs"
rm -rf "$work"; mkdir -p "$work"

# Copies a file into the corpus under its SHA-1 (libFuzzer's own naming), skipping files over max_len.
seed() {
    local file=$1 size
    size=$(stat -c %s "$file")
    (( size <= max_len )) || return 0
    cp "$file" "$corpus/$(sha1sum "$file" | cut -c1-40)"
}

# Writes the packager's output for Examples/SampleApp to $work/packaged (ZIPs and manifest.json).
package_sample() {
    echo "fuzz.sh: packaging Examples/SampleApp with ota-localizations" >&2
    swift build --product ota-localizations 2>&1 | grep -E "error" >&2 || true
    "$(swift build --show-bin-path)/ota-localizations" package Examples/SampleApp --app-version 1.0.0 \
        --output "$work/packaged" --published-at 2026-01-01T00:00:00Z --quiet > /dev/null
}

echo "fuzz.sh: seeding $corpus" >&2
case $target in
    strings)
        while IFS= read -r -d '' f; do seed "$f"; done < <(find "$corpus_src" Examples -name '*.strings' -print0)
        python3 - "$work" <<'PY'
import plistlib, sys, pathlib
out = pathlib.Path(sys.argv[1])
table = {"greeting": "Hello", "quote": "He said \"hi\"\n", "unicode": "caf\u00e9 \u2713 \U0001F600", "": "empty key"}
(out / "xml.strings").write_bytes(plistlib.dumps(table, fmt=plistlib.FMT_XML))
(out / "binary.strings").write_bytes(plistlib.dumps(table, fmt=plistlib.FMT_BINARY))
(out / "nested.strings").write_bytes(plistlib.dumps({"a": {"b": [1, 2.5, True, b"x"]}}, fmt=plistlib.FMT_BINARY))
text = '/* c */\n"greeting" = "Hello";\n// line\nunquoted = value;\n"esc" = "\\U00e9\\n\\t\\"\\101";\n"k";\n'
(out / "text.strings").write_bytes(text.encode("utf-8"))
(out / "bom8.strings").write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
(out / "utf16le.strings").write_bytes(text.encode("utf-16"))
(out / "utf16be.strings").write_bytes(b"\xfe\xff" + text.encode("utf-16-be"))
(out / "utf32.strings").write_bytes(text.encode("utf-32"))
PY
        for f in "$work"/*.strings; do seed "$f"; done
        ;;
    stringsdict)
        while IFS= read -r -d '' f; do seed "$f"; done < <(find "$corpus_src" Examples -name '*.stringsdict' -print0)
        # Binary property list twins of the small ones, so the binary reader gets real shapes too.
        find "$corpus_src" Examples -name '*.stringsdict' -size -16k -print0 | python3 -c '
import plistlib, sys, pathlib, hashlib
out = pathlib.Path(sys.argv[1])
for name in sys.stdin.buffer.read().split(b"\0"):
    if not name: continue
    try: value = plistlib.loads(pathlib.Path(name.decode()).read_bytes())
    except Exception: continue
    data = plistlib.dumps(value, fmt=plistlib.FMT_BINARY)
    (out / (hashlib.sha1(data).hexdigest() + ".bplist")).write_bytes(data)
' "$work"
        for f in "$work"/*.bplist; do seed "$f"; done
        ;;
    zip)
        package_sample
        for f in "$work"/packaged/1.0.0/*.zip; do seed "$f"; done
        # Info-ZIP archives of small .lproj folders: deflated, stored, with folder entries and without.
        n=0
        while IFS= read -r -d '' dir; do
            (( n < 40 )) || break
            size=$(du -sb "$dir" | cut -f1)
            (( size <= 4 * max_len )) || continue
            n=$((n + 1))
            parent=$(dirname "$dir"); name=$(basename "$dir")
            (cd "$parent" && zip -q -r -X "$root/$work/d$n.zip" "$name")
            (cd "$parent" && zip -q -r -X -0 -D "$root/$work/s$n.zip" "$name")
        done < <(find "$corpus_src" -type d -name '*.lproj' -print0 | sort -z)
        # Python zipfile: ZIP64 records, data descriptors, Apple metadata entries.
        python3 - "$work" <<'PY'
import io, sys, zipfile, pathlib
out = pathlib.Path(sys.argv[1])
with zipfile.ZipFile(out / "zip64.zip", "w", zipfile.ZIP_DEFLATED) as z:
    with z.open("en.lproj/Localizable.strings", "w", force_zip64=True) as f:
        f.write(b'"a" = "b";\n' * 20)
    z.writestr("fr.lproj/", b"")
class Unseekable(io.RawIOBase):
    def __init__(self): self.buffer = bytearray()
    def writable(self): return True
    def write(self, b): self.buffer += b; return len(b)
stream = Unseekable()
with zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("en.lproj/Localizable.strings", '"caf\u00e9" = "\u2713";\n'.encode())
    z.writestr("__MACOSX/en.lproj/._Localizable.strings", b"\0\5\26\7")
    z.writestr("en.lproj/empty.strings", b"")
(out / "descriptors.zip").write_bytes(bytes(stream.buffer))
PY
        for f in "$work"/*.zip; do seed "$f"; done
        ;;
    manifest)
        package_sample
        seed "$work/packaged/1.0.0/manifest.json"
        python3 - "$work/packaged/1.0.0/manifest.json" "$work" <<'PY'
import json, sys, pathlib, copy
base = json.loads(pathlib.Path(sys.argv[1]).read_text())
out = pathlib.Path(sys.argv[2])
variants = []
for key in list(base):
    v = copy.deepcopy(base); del v[key]; variants.append(v)
    v = copy.deepcopy(base); v[key] = None; variants.append(v)
for value in (2, "1", 1.5):
    v = copy.deepcopy(base); v["formatVersion"] = value; variants.append(v)
for value in ("2026-01-01T00:00:00.123+02:00", "2026-13-01T00:00:00Z", "yesterday", ""):
    v = copy.deepcopy(base); v["publishedAt"] = value; variants.append(v)
module = base["modules"][0] if base.get("modules") else {"name": "M", "path": "M.zip", "sha256": "0" * 64, "size": 1}
for field, value in (("name", "../x"), ("path", "a/b.zip"), ("sha256", "ABC"), ("size", -1), ("size", 1e30),
                     ("localizations", [1, 2]), ("extra", {"deep": [[[]]]})):
    m = copy.deepcopy(module); m[field] = value
    v = copy.deepcopy(base); v["modules"] = [m, 7, None, "x"]; variants.append(v)
variants += [[], {}, "manifest", [[[[[[[[[[]]]]]]]]]]]
for i, v in enumerate(variants):
    (out / f"variant{i}.json").write_text(json.dumps(v, ensure_ascii=(i % 2 == 0), indent=(None if i % 3 else 2)))
PY
        for f in "$work"/variant*.json; do seed "$f"; done
        ;;
esac
echo "fuzz.sh: $(ls "$corpus" | wc -l) inputs in $corpus" >&2

# Tokens of each format, so mutations can splice whole signatures and keywords in.
dict=$work/$target.dict
case $target in
    zip) printf '%s\n' '"PK\x03\x04"' '"PK\x01\x02"' '"PK\x05\x06"' '"PK\x06\x06"' '"PK\x06\x07"' '"PK\x07\x08"' \
        '"\x01\x00"' '"\xff\xff\xff\xff"' '"\xff\xff"' '"__MACOSX/"' '"._"' '"/"' '".."' '"\\"' '"C:"' '"\x00\x08"' '"\xed\x41"' '"\xa4\x81"' '"\xff\xa1"' > "$dict" ;;
    strings|stringsdict) printf '%s\n' '"bplist00"' '"<?xml version=\"1.0\" encoding=\"UTF-8\"?>"' \
        '"<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">"' \
        '"<plist version=\"1.0\">"' '"</plist>"' '"<dict>"' '"</dict>"' '"<key>"' '"</key>"' '"<string>"' '"</string>"' \
        '"<array>"' '"</array>"' '"<integer>"' '"<real>"' '"<true/>"' '"<false/>"' '"<data>"' '"<date>"' '"<dict/>"' \
        '"&amp;"' '"&#x1F600;"' '"<![CDATA["' '"]]>"' '"<!--"' '"-->"' '"/*"' '"*/"' '"//"' '"\\U"' '"\\\""' '"\xef\xbb\xbf"' \
        '"\xff\xfe"' '"\xfe\xff"' '"NSStringLocalizedFormatKey"' '"NSStringPluralRuleType"' '"%#@"' > "$dict" ;;
    manifest) printf '%s\n' '"formatVersion"' '"appVersion"' '"publishedAt"' '"developmentRegion"' '"modules"' \
        '"name"' '"path"' '"sha256"' '"size"' '"localizations"' '"\\u0000"' '"\\ud83d\\ude00"' '"1e308"' '"-0"' \
        '"2026-01-01T00:00:00Z"' '"true"' '"null"' > "$dict" ;;
esac

log=$logs/$target.log
echo "fuzz.sh: running $target for ${seconds}s (log: $log, artifacts: $artifacts/)" >&2
echo "fuzz.sh: OTA_FUZZ_TARGET=$target $binary -max_total_time=$seconds -max_len=$max_len -rss_limit_mb=$rss_mb -timeout=$timeout_s -detect_leaks=$leaks -dict=$dict -artifact_prefix=$artifacts/ -print_final_stats=1 $* $corpus" >&2
set +e
OTA_FUZZ_TARGET=$target "$binary" -max_total_time="$seconds" -max_len="$max_len" -rss_limit_mb="$rss_mb" \
    -timeout="$timeout_s" -detect_leaks="$leaks" -dict="$dict" -artifact_prefix="$artifacts/" \
    -print_final_stats=1 "$@" "$corpus" > "$log" 2>&1
status=$?
set -e

grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|^Done [0-9]+ runs|^stat::' "$log" >&2 || true
findings=$(find "$artifacts" -type f -newer "$dict" | sort)
if [[ $status -ne 0 || -n $findings ]]; then
    echo "fuzz.sh: FINDING in $target (libFuzzer exit $status); see $log" >&2
    for f in $findings; do echo "  $f" >&2; done
    exit 1
fi
echo "fuzz.sh: no finding in $target" >&2
