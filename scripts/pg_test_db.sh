#!/usr/bin/env bash
# Starts the local PostgreSQL 15 (with PostGIS) and creates a fresh test database.
# Prints the DATABASE_URL of that database on stdout; everything else goes to stderr.
# Fails loudly: the server suite must run against a real PostgreSQL, not silently skip it.
set -euo pipefail
DB="${MAPDRAFT_TEST_DB_NAME:-mapdraft_test}"
ROLE=mapdraft
PASS=mapdraft

need_apt=()
command -v pg_ctlcluster >/dev/null || need_apt+=(postgresql-15)
[ -f /usr/share/postgresql/15/extension/postgis.control ] || need_apt+=(postgresql-15-postgis-3)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "installing ${need_apt[*]}" >&2
  apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need_apt[@]}" >&2
fi

if ! pg_lsclusters -h 2>/dev/null | grep -q '^15 *main'; then
  pg_createcluster 15 main >&2
fi
if ! pg_lsclusters -h | awk '$1==15 && $2=="main" {print $4}' | grep -q online; then
  pg_ctlcluster 15 main start >&2
fi
for _ in $(seq 1 30); do
  su postgres -c "pg_isready -q -h 127.0.0.1 -p 5432" && break
  sleep 1
done
su postgres -c "pg_isready -h 127.0.0.1 -p 5432" >&2 || { echo "PostgreSQL did not start" >&2; exit 1; }

psql_su() { su postgres -c "psql -v ON_ERROR_STOP=1 -q -X $*" >&2; }
psql_su "-c \"DO \\\$\\\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$ROLE') THEN CREATE ROLE $ROLE LOGIN PASSWORD '$PASS'; END IF; END \\\$\\\$;\""
psql_su "-c \"DROP DATABASE IF EXISTS $DB WITH (FORCE)\""
psql_su "-c \"CREATE DATABASE $DB OWNER $ROLE\""
# PostGIS needs a superuser to install; the app role then only uses it.
psql_su "-d $DB -c \"CREATE EXTENSION postgis\""
echo "postgres://$ROLE:$PASS@127.0.0.1:5432/$DB"
