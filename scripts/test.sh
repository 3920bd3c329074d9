#!/usr/bin/env bash
# Every test of the project, in the order that makes failures cheapest:
# static checks, unit and machine tests, server tests, Pact consumer tests
# (they write pacts/), provider verification of pacts/ against the real
# server, then end-to-end tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export PACT_DO_NOT_TRACK=true

step() { printf '\n=== %s ===\n' "$*"; }

bash scripts/ensure-chromium.sh

step "lint"
npx eslint .
step "typecheck"
npx tsc --noEmit -p tsconfig.json

step "unit and machine tests"
npx vitest run --project unit

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "server tests (PGlite and PostgreSQL at ${TEST_DATABASE_URL%%@*}@...)"
else
  step "server tests (PGlite; set TEST_DATABASE_URL to also run them on PostgreSQL)"
fi
npx vitest run --project server

step "pact consumer tests"
rm -rf pacts && mkdir -p pacts
npx vitest run --project pact-consumer

step "pact provider verification"
npx vitest run --project pact-provider

step "build"
npx vite build --logLevel warn

step "end-to-end (Chromium)"
npx playwright test
