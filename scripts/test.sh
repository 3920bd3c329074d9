#!/usr/bin/env bash
# Every test of the project, in the order that makes failures cheapest:
# static checks, unit and machine tests, then the server tests beside the
# Pact consumer tests (they write pacts/), the provider verification of
# pacts/ against the real server and the app's build, then end-to-end tests
# in Debian's Chromium (beside the server tests if they are still running).
# Steps that mostly wait (apt, PostgreSQL, Pact's round trips) run beside
# steps that compute: docs/performance/suite.md.
set -euo pipefail
cd "$(dirname "$0")/.."
export PACT_DO_NOT_TRACK=true

SUITE_START=$(date +%s)
step() { printf '\n=== %s (at %ss) ===\n' "$*" "$(($(date +%s) - SUITE_START))"; }

# Every runner's output is kept so the last line can total the tests.
LOG=$(mktemp)
CHROMIUM_LOG=$(mktemp)
SERVER_LOG=$(mktemp)
BUILD_LOG=$(mktemp)
# On a failure, stop the steps still running beside it.
trap 'kill $(jobs -p) 2>/dev/null || true; rm -f "$LOG" "$CHROMIUM_LOG" "$SERVER_LOG" "$BUILD_LOG"' EXIT
run() { "$@" 2>&1 | tee -a "$LOG"; }
# A background step's output, shown (and counted) when it has finished.
finish() {
  local pid=$1 log=$2 name=$3
  if wait "$pid"; then
    tee -a "$LOG" <"$log"
  else
    cat "$log"
    echo "$name failed"
    exit 1
  fi
}

# Installing Debian's Chromium (a fresh machine only) waits on the network:
# it runs beside the static checks and the unit tests.
bash scripts/ensure-chromium.sh >"$CHROMIUM_LOG" 2>&1 &
chromium=$!

# Lint and types side by side (two cores; neither waits for the other).
step "lint and typecheck"
npx eslint --cache --cache-location .cache/eslint/ . &
lint=$!
npx tsc --noEmit -p tsconfig.json
wait "$lint"

step "unit and machine tests"
run npx vitest run --project unit

# The server tests spend much of their time waiting on PostgreSQL, the Pact
# steps on HTTP round trips, and the build needs no test: all three at once.
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "server tests (PostgreSQL at ${TEST_DATABASE_URL%%@*}@..., PGlite too for the SQL-sensitive files), beside Pact and the build"
else
  step "server tests (PGlite; set TEST_DATABASE_URL to run them on PostgreSQL), beside Pact and the build"
fi
npx vitest run --project server >"$SERVER_LOG" 2>&1 &
server=$!
npx vite build --logLevel warn >"$BUILD_LOG" 2>&1 &
build=$!

step "pact consumer tests"
rm -rf pacts && mkdir -p pacts
run npx vitest run --project pact-consumer

step "pact provider verification"
run npx vitest run --project pact-provider

step "build"
finish "$build" "$BUILD_LOG" "the build"

# The end-to-end suite needs only the build and Chromium: it starts while the
# server tests may still be waiting on PostgreSQL, and their output follows.
step "end-to-end (Chromium)"
finish "$chromium" "$CHROMIUM_LOG" "installing Chromium"
run npx playwright test

step "server tests"
finish "$server" "$SERVER_LOG" "the server tests"

step "done"
# One closing line for every runner above: "N passed, N failed".
node -e '
const text = require("fs").readFileSync(process.argv[1], "utf8").replace(/\x1b\[[0-9;]*m/g, "");
let passed = 0, failed = 0;
for (const m of text.matchAll(/^\s*Tests\s+(?:(\d+) failed \| )?(\d+) passed/gm)) { failed += Number(m[1] ?? 0); passed += Number(m[2]); }
for (const m of text.matchAll(/^\s*(\d+) passed \(/gm)) passed += Number(m[1]);
for (const m of text.matchAll(/^\s*(\d+) failed$/gm)) failed += Number(m[1]);
console.log(`\n${passed} passed, ${failed} failed`);
' "$LOG"
