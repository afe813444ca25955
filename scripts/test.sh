#!/usr/bin/env bash
# The whole test suite: system packages, typecheck, lint, build, unit + API tests on PGlite, API tests on
# PostgreSQL, browser scenarios in Chromium, the recorder in Firefox ESR and WebKitGTK. `npm test` runs this; so does
# .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }

step "System packages and PostgreSQL"
pg_line=$(bash scripts/ensure-system.sh | tail -1)
export "${pg_line?}"

step "Typecheck"
npx tsc -b

step "Lint"
npx eslint . --max-warnings 0

step "Build"
npm run build --silent

# Three workers on two cores: API tests spend much of their time waiting on servers, timers and ffmpeg, and vitest's
# default (cores - 1) ran them one file at a time (PostgreSQL phase 308 s with one worker, 183 s with three).
step "Unit and API tests (embedded PGlite)"
TEST_DATABASE_URL= npx vitest run --project unit --project api --maxWorkers=3

step "API tests (PostgreSQL)"
npx vitest run --project api --maxWorkers=3

step "Browser scenarios (Chromium)"
npx vitest run --project e2e --passWithNoTests

step "Recorder in Firefox ESR and WebKitGTK"
npx vitest run --project browsers
