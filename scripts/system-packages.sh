#!/usr/bin/env bash
# The system parts the test suite starts for real: Debian's PostgreSQL server (a throwaway cluster
# per test session), Debian's Chromium (driven by Playwright; no browser is ever downloaded) and
# Debian's nginx (a throwaway reverse proxy in front of the server, as docs/deploy.md sets one up),
# espeak-ng (the server speaks the words laid at a table; scripts/make_card_sounds.py makes the
# sound cards' recordings with it), sox (the sound tests decode the audio with it), what PyICU
# is built with (ICU's headers, pkg-config, a C++ compiler), and Debian's Node.js and
# npm, which install the client's checks (axe-core, TypeScript: package.json).
# Installs whichever is missing; does nothing when all are present.
#   scripts/system-packages.sh build   only what the first `pip install` builds with (PyICU's
#                                      needs), run by `make` before the venv: `make run` asks for
#                                      no browser, database or proxy
#   scripts/system-packages.sh node    only Node.js and npm, before `npm ci` (make's node stamp)
#   scripts/system-packages.sh         all of it, run by `make test`
set -euo pipefail
missing=()
if [ "${1:-}" != "build" ]; then
    command -v node >/dev/null || missing+=(nodejs)
    command -v npm >/dev/null || missing+=(npm)
fi
if [ "${1:-}" != "build" ] && [ "${1:-}" != "node" ]; then
    ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
    [ -x /usr/bin/chromium ] || missing+=(chromium)
    [ -x /usr/sbin/nginx ] || missing+=(nginx)
    command -v espeak-ng >/dev/null || missing+=(espeak-ng)
    command -v sox >/dev/null || missing+=(sox)
fi
if [ "${1:-}" != "node" ]; then
    # PyICU (the server's names, compared as they look) builds against Debian's ICU.
    pkg-config --exists icu-i18n 2>/dev/null || missing+=(libicu-dev pkg-config)
    command -v g++ >/dev/null || missing+=(g++)
fi
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null; then
    echo "system-packages: please install ${missing[*]} (the server, proxy and browser tests need them)" >&2
    exit 1
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "system-packages: installing ${missing[*]} from Debian's packages"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
$sudo apt-get install -y -qq "${missing[@]}" >/dev/null
