#!/usr/bin/env bash
# Runs every test: unit + integration (PGlite, and Postgres when TEST_DATABASE_URL is set),
# then a production build and the Playwright suite in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh

echo "== unit and integration tests"
npx vitest run

echo "== build"
npm run build --silent

echo "== end-to-end tests"
npx playwright test
