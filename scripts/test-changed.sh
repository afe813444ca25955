#!/usr/bin/env bash
# The developer's loop: typecheck, lint the changed files, and the tests a change reaches, on PGlite (a few minutes;
# `npm test` is the whole suite). The change is everything since BASE (default HEAD: the uncommitted work), untracked
# files included. Tests are chosen by vitest's import graph (--changed): a test file changed or importing a changed
# file. Browser scenarios run the built product, which they do not import, so a change to the product alone reaches
# none: name them yourself (`npm run build && npx vitest run --project e2e e2e/review`).
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-HEAD}

changed=$( { git diff --name-only "$base" --diff-filter=d; git ls-files --others --exclude-standard; } | sort -u)
if [ -z "$changed" ]; then
  echo "Nothing changed since $base."
  exit 0
fi

printf '\n\033[1m== Typecheck\033[0m\n'
npx tsc -b

lintable=$(grep -E '\.(ts|tsx|js|mjs)$' <<<"$changed" || true)
if [ -n "$lintable" ]; then
  printf '\n\033[1m== Lint (%s files)\033[0m\n' "$(wc -l <<<"$lintable")"
  # shellcheck disable=SC2086
  npx eslint --max-warnings 0 --no-warn-ignored $lintable
fi

printf '\n\033[1m== Unit and API tests the change reaches (PGlite)\033[0m\n'
TEST_DATABASE_URL='' npx vitest run --changed "$base" --project unit --project api --maxWorkers=3 --passWithNoTests

scenarios=$(npx vitest list --changed "$base" --filesOnly --project e2e --project e2e-recording | sed -E 's/^\[[^]]*\] //')
if [ -n "$scenarios" ]; then
  printf '\n\033[1m== Browser scenarios the change reaches (%s files, built product)\033[0m\n' "$(wc -l <<<"$scenarios")"
  npm run build --silent
  # shellcheck disable=SC2086
  TEST_DATABASE_URL='' npx vitest run --project e2e --project e2e-recording --maxWorkers=2 $scenarios
fi
