#!/usr/bin/env bash
# Runs every test: a production build (the shutdown test and Playwright run it), unit + integration
# (PGlite, and Postgres when TEST_DATABASE_URL is set), then the Playwright suite in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh
bash scripts/ensure-tesseract.sh

echo "== build"
npm run build --silent

echo "== JavaScript budget of public pages"
npx tsx scripts/check-bundle-size.ts

echo "== unit and integration tests"
npx vitest run

echo "== end-to-end tests"
npx playwright test
