#!/usr/bin/env bash
# `npm test`: every suite of the project, on a fresh machine too.
# Installs/starts what the suites need (Debian Chromium, GDAL, PostgreSQL 15 + PostGIS), type-checks,
# builds the client (the e2e suite serves dist/), then runs all vitest projects.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure_chromium.sh
bash scripts/ensure_gdal.sh
MAPDRAFT_TEST_DATABASE_URL="$(bash scripts/pg_test_db.sh)"
export MAPDRAFT_TEST_DATABASE_URL
echo "PostgreSQL test database: ${MAPDRAFT_TEST_DATABASE_URL%%@*}@…"

echo "== typecheck"
npx tsc --noEmit -p tsconfig.json
echo "== lint and format (Biome, biome.jsonc)"
npx biome check --diagnostic-level=error .
echo "== build"
npx vite build --logLevel warn
echo "== tests"
NODE_OPTIONS="${NODE_OPTIONS:-} --require $PWD/scripts/node20_polyfills.cjs" npx vitest run "$@"
