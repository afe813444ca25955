#!/usr/bin/env bash
# The whole test suite: system packages, typecheck, lint, build, unit + API tests on PGlite, the database-dependent API
# tests on PostgreSQL, browser scenarios in Chromium, the recorder in Firefox ESR and WebKitGTK. `npm test` runs this;
# so does .ci/run. At the end, passed or not, it prints each phase's wall time and slowest files (test-report.ts).
set -euo pipefail
cd "$(dirname "$0")/.."

results=$(mktemp -d -t showback-test-XXXXXX)
trap 'node --import tsx scripts/test-report.ts "$results"' EXIT

# The machine's busy CPU time so far, in clock ticks (/proc/stat: user, nice, system, irq, softirq, steal).
busy_ticks() { awk '/^cpu /{ print $2 + $3 + $4 + $7 + $8 + $9 }' /proc/stat; }

# phase NAME COMMAND…: one row of the table (results/phases.tsv: name, seconds, exit status, CPU seconds used, cores),
# the CPU showing whether a phase waits on its cores or on something else.
phase() {
  local name=$1 start=$SECONDS status=0 ticks
  shift
  printf '\n\033[1m== %s\033[0m\n' "$name"
  ticks=$(busy_ticks)
  "$@" || status=$?
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" $((SECONDS - start)) "$status" $((($(busy_ticks) - ticks) / $(getconf CLK_TCK))) "$(nproc)" >>"$results/phases.tsv"
  return "$status"
}
# tests NAME VITEST-ARGS…: a vitest phase, whose per-file results go to results/NAME.json for the table. A failed test
# phase does not stop the run, so one run shows every failure; the run fails at the end.
failed=0
tests() {
  local name=$1
  shift
  phase "$name" npx vitest run --reporter=default --reporter=json --outputFile.json="$results/$name.json" "$@" || failed=1
}

phase "System packages and PostgreSQL" bash -c 'bash scripts/ensure-system.sh >"$1"' _ "$results/system.out"
export "$(tail -1 "$results/system.out")"

# Both single-threaded: side by side on the two cores. The typecheck's output follows the lint's.
typecheck_and_lint() {
  npx tsc -b >"$results/typecheck.out" 2>&1 &
  local typecheck=$! typecheck_status=0 lint_status=0
  npx eslint . --max-warnings 0 || lint_status=$?
  wait "$typecheck" || typecheck_status=$?
  cat "$results/typecheck.out"
  return $((typecheck_status || lint_status))
}
phase "Typecheck and lint" typecheck_and_lint
phase "Build" npm run build --silent

# Three workers on two cores: API tests spend much of their time waiting on servers, timers and ffmpeg.
TEST_DATABASE_URL='' tests "Unit and API on PGlite" --project unit --project api --maxWorkers=3
tests "API on PostgreSQL" --project postgres --maxWorkers=3
# The scenarios that record no video two at a time; those that record, one at a time (vitest.config.ts).
tests "Chromium" --project e2e --maxWorkers=2
tests "Chromium, recording" --project e2e-recording
tests "Firefox ESR and WebKitGTK" --project browsers
exit "$failed"
