#!/usr/bin/env bash
# Browser downloads are blocked here: the end-to-end tests drive Debian's
# Chromium headless shell (package chromium-headless-shell), the web
# benchmark and the walk kit the full browser (package chromium). Install
# them with apt when either is missing.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/lib/chromium/chromium-headless-shell ]; then exit 0; fi
echo "Chromium is missing: installing Debian's chromium and chromium-headless-shell packages..."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-headless-shell >/dev/null
/usr/bin/chromium --version
