#!/usr/bin/env bash
# The cluster benchmark (scripts/bench/cluster.ts) puts Debian's HAProxy in
# front of the app processes: active health checks and L7 retries are in its
# free version (decision 044). Install the package when it is missing; the
# benchmark runs it as its own child process, never as a system service.
set -euo pipefail
if command -v haproxy >/dev/null 2>&1; then exit 0; fi
echo "HAProxy is missing: installing Debian's haproxy package..."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
# policy-rc.d 101: the package must not start the system service (the benchmark runs its own).
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee /usr/sbin/policy-rc.d >/dev/null
  $SUDO chmod +x /usr/sbin/policy-rc.d
  trap '$SUDO rm -f /usr/sbin/policy-rc.d' EXIT
fi
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq haproxy >/dev/null
haproxy -v | head -1
