#!/usr/bin/env bash
# Publishes the example app's strings with the real packager, as CI publishes an app's reviewed strings:
#   Examples/iOSApp/publish.sh <output folder> [--catalog-title <English Catalog title>]
# writes <output folder>/1.0/manifest.json and one ZIP per module (1.0 is the Xcode project's MARKETING_VERSION).
# With --catalog-title, the English value of catalog.title is changed first, in a copy: the repository is never
# edited. Serve the output with `python3 -m http.server 8080 --directory <output folder>`; the app's base URL is
# http://localhost:8080. Runs the package's ota-localizations with `swift run`, or $OTA_LOCALIZATIONS when set.
set -euo pipefail

usage() {
    echo "usage: $0 <output folder> [--catalog-title <text>]" >&2
    exit 2
}

[ "$#" -eq 1 ] || [ "$#" -eq 3 ] || usage
output=$1
title=
if [ "$#" -eq 3 ]; then
    [ "$2" = "--catalog-title" ] || usage
    title=$3
fi

example=$(cd "$(dirname "$0")" && pwd)
package_root=$(cd "$example/../.." && pwd)
app_version=1.0

source_folder=$example
if [ -n "$title" ]; then
    copy=$(mktemp -d)
    trap 'rm -rf "$copy"' EXIT
    # Only the tables: the packager reads nothing else, and the paths name the modules.
    (cd "$example" && find . -name .build -prune -o -name '*.lproj' -type d -print) | while read -r folder; do
        mkdir -p "$copy/$folder"
        cp "$example/$folder"/*.strings* "$copy/$folder/"
    done
    python3 - "$copy/Packages/Catalog/Sources/Catalog/Resources/en.lproj/Localizable.strings" "$title" <<'PY'
import re, sys
path, title = sys.argv[1], sys.argv[2]
text = open(path, encoding="utf-8").read()
escaped = title.replace("\\", "\\\\").replace('"', '\\"')
text, count = re.subn(r'^"catalog\.title" = ".*";$', lambda _: '"catalog.title" = "%s";' % escaped, text, flags=re.M)
if count != 1:
    sys.exit("catalog.title not found in " + path)
open(path, "w", encoding="utf-8").write(text)
PY
    source_folder=$copy
fi

if [ -n "${OTA_LOCALIZATIONS:-}" ]; then
    "$OTA_LOCALIZATIONS" package "$source_folder" --app-version "$app_version" --output "$output"
else
    swift run --package-path "$package_root" ota-localizations package "$source_folder" --app-version "$app_version" --output "$output"
fi
