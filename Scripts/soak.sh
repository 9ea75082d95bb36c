#!/usr/bin/env bash
# Kill-and-restart soak of `ota-localizations sync` against nginx on 127.0.0.1; see docs/soak.md.
#
# Usage: Scripts/soak.sh [--cycles N] [--max-seconds S] [--check-every K] [--seed N] [--max-kill-delay S]
#                        [--keep] [--debug]
# Defaults: 1000 cycles, at most 900 s (whichever comes first), full check every 50 cycles, seed from the clock.
# Needs: nginx (apt-get install -y nginx), python3, a Swift toolchain. Writes only under one mktemp folder,
# removed at the end unless --keep is given or a check fails.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
configuration=release
keep=0
passthrough=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --cycles|--max-seconds|--check-every|--seed|--max-kill-delay)
            [[ $# -ge 2 ]] || { echo "soak: $1 needs a value" >&2; exit 2; }
            passthrough+=("$1" "$2"); shift 2 ;;
        --keep) keep=1; shift ;;
        --debug) configuration=debug; shift ;;
        -h|--help) sed -n '2,8p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "soak: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done

nginx="$(command -v nginx || true)"
for candidate in /usr/sbin/nginx /usr/local/sbin/nginx; do
    [[ -z "$nginx" && -x "$candidate" ]] && nginx="$candidate"
done
if [[ -z "$nginx" ]]; then
    echo "soak: nginx is not installed (apt-get install -y nginx)" >&2
    exit 2
fi
command -v python3 >/dev/null || { echo "soak: python3 is required" >&2; exit 2; }

echo "soak: building ota-localizations ($configuration)" >&2
(cd "$root" && swift build -c "$configuration" --product ota-localizations >&2)
cli="$(cd "$root" && swift build -c "$configuration" --show-bin-path)/ota-localizations"

work="$(mktemp -d "${TMPDIR:-/tmp}/ota-soak.XXXXXX")"
status=0
python3 "$here/soak.py" --cli "$cli" --nginx "$nginx" --sample "$root/Examples/SampleApp" --workdir "$work" \
    "${passthrough[@]}" || status=$?
if [[ $status -eq 0 && $keep -eq 0 ]]; then
    rm -rf "$work"
else
    echo "soak: work folder kept: $work" >&2
fi
exit $status
