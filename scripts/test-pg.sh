#!/usr/bin/env bash
# npm run test:pg [-- jest arguments]: the server suites that open a database (the `postgres` list
# of __tests__/support/postgres-suites.json, jest.postgres.config.cjs) on a real PostgreSQL.
#
# With DATABASE_URL set (postgres://…, a role that may CREATE DATABASE), that server is used.
# Otherwise a throwaway cluster is made with Debian's PostgreSQL (package `postgresql`):
# initdb in a temporary directory under /tmp owned by the `postgres` user (the server refuses to
# run as root, and that user cannot enter /root), started with pg_ctl on a free local port
# (PG_PORT to choose one), and stopped and removed when the tests end, pass or fail.
# Each test app copies a migrated template database (see __tests__/support/postgres.ts), so jest
# workers run in parallel on the one cluster.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
report_time() { echo "test:pg: $(($(date +%s) - started)) s in all"; }

run_suites() {
  echo "test:pg: the server suites that open a database, on ${DATABASE_URL%%@*}@… (PostgreSQL)"
  npx jest --config jest.postgres.config.cjs "$@"
}

if [ -n "${DATABASE_URL:-}" ]; then
  case "$DATABASE_URL" in
    postgres://* | postgresql://*) ;;
    *) echo "test:pg: DATABASE_URL must be a postgres:// URL (or unset for a throwaway cluster)" >&2; exit 2 ;;
  esac
  status=0
  run_suites "$@" || status=$?
  report_time
  exit "$status"
fi

# shellcheck source=scripts/pg-throwaway.sh
source "$(dirname "$0")/pg-throwaway.sh"
start_throwaway_postgres test:pg
run_suites "$@"
