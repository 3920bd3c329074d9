#!/usr/bin/env bash
# Every test of the project, in the order that makes failures cheapest:
# static checks, unit and machine tests, server tests, Pact consumer tests
# (they write pacts/), provider verification of pacts/ against the real
# server, then end-to-end tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export PACT_DO_NOT_TRACK=true

step() { printf '\n=== %s ===\n' "$*"; }

# Every runner's output is kept so the last line can total the tests.
LOG=$(mktemp)
trap 'rm -f "$LOG" "${BUILD_LOG:-}"' EXIT
run() { "$@" 2>&1 | tee -a "$LOG"; }

bash scripts/ensure-chromium.sh

# Lint and types side by side (two cores; neither waits for the other).
step "lint and typecheck"
npx eslint --cache --cache-location .cache/eslint/ . &
lint=$!
npx tsc --noEmit -p tsconfig.json
wait "$lint"

step "unit and machine tests"
run npx vitest run --project unit

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "server tests (PGlite and PostgreSQL at ${TEST_DATABASE_URL%%@*}@...)"
else
  step "server tests (PGlite; set TEST_DATABASE_URL to also run them on PostgreSQL)"
fi
run npx vitest run --project server

# The app's build (with its prerendering) needs no test: it runs beside the
# Pact steps, which mostly wait on HTTP round trips (~40 s saved on 2 cores).
BUILD_LOG=$(mktemp)
npx vite build --logLevel warn >"$BUILD_LOG" 2>&1 &
build=$!

step "pact consumer tests"
rm -rf pacts && mkdir -p pacts
run npx vitest run --project pact-consumer

step "pact provider verification"
run npx vitest run --project pact-provider

step "build"
if ! wait "$build"; then cat "$BUILD_LOG"; exit 1; fi
cat "$BUILD_LOG"

step "end-to-end (Chromium)"
run npx playwright test

# One closing line for every runner above: "N passed, N failed".
node -e '
const text = require("fs").readFileSync(process.argv[1], "utf8").replace(/\x1b\[[0-9;]*m/g, "");
let passed = 0, failed = 0;
for (const m of text.matchAll(/^\s*Tests\s+(?:(\d+) failed \| )?(\d+) passed/gm)) { failed += Number(m[1] ?? 0); passed += Number(m[2]); }
for (const m of text.matchAll(/^\s*(\d+) passed \(/gm)) passed += Number(m[1]);
for (const m of text.matchAll(/^\s*(\d+) failed$/gm)) failed += Number(m[1]);
console.log(`\n${passed} passed, ${failed} failed`);
' "$LOG"
