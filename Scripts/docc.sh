#!/usr/bin/env bash
# Builds the DocC catalogs of the two app-side libraries with the toolchain's own `docc` (no swift-docc-plugin).
#
#   Scripts/docc.sh [output folder]      (default .build/docc)
#
# `swift package dump-symbol-graph` writes the libraries' symbol graphs; `docc convert` then turns each catalog
# (Sources/<library>/<library>.docc) and its library's symbols into <output>/<library>.doccarchive, a static site
# (open <archive>/index.html through a web server, for example `python3 -m http.server`). Warnings are errors:
# a symbol link in a catalog or a doc comment that does not resolve fails the script. Exit status: 0 built,
# 1 a DocC error or warning, 2 setup error.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
output=${1:-.build/docc}
command -v docc >/dev/null || { echo "docc not found: it ships in the Swift toolchain's bin folder" >&2; exit 2; }

graphs=$(swift package dump-symbol-graph 2>&1 | sed -n 's/^Files written to //p')
[[ -n $graphs && -d $graphs ]] || { echo "swift package dump-symbol-graph wrote no symbol graphs" >&2; exit 2; }

mkdir -p "$output"
status=0
for library in OTALocalizations OTALocalizationsSync; do
    input=$(mktemp -d)
    cp "$graphs/$library.symbols.json" "$input/"
    cp "$graphs/$library"@*.symbols.json "$input/" 2>/dev/null || true
    echo "== $library"
    docc convert "Sources/$library/$library.docc" \
        --additional-symbol-graph-dir "$input" \
        --fallback-display-name "$library" --fallback-bundle-identifier "org.ota-localizations.$library" \
        --transform-for-static-hosting --hosting-base-path "$library" \
        --warnings-as-errors --output-path "$output/$library.doccarchive" || status=1
    rm -rf "$input"
done
exit "$status"
