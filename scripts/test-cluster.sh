#!/usr/bin/env bash
# npm run test:cluster [-- jest arguments]: the scale-out topology on one machine
# (__tests__/cluster): a throwaway PostgreSQL cluster made here (or the server DATABASE_URL names,
# with a role that may CREATE DATABASE), and, started by the test itself, a redis-server (Debian
# package `redis-server`), an S3 server (s3rver, from npm), two HTTP-only instances and a worker.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
report_time() { echo "test:cluster: $(($(date +%s) - started)) s in all"; }

if ! command -v "${REDIS_SERVER_BIN:-redis-server}" >/dev/null 2>&1; then
  echo "test:cluster: redis-server not found (apt-get install redis-server, or set REDIS_SERVER_BIN)" >&2
  exit 2
fi

if [ -z "${DATABASE_URL:-}" ]; then
  # shellcheck source=scripts/pg-throwaway.sh
  source "$(dirname "$0")/pg-throwaway.sh"
  start_throwaway_postgres test:cluster
else
  trap report_time EXIT
fi
npx jest --config jest.cluster.config.cjs "$@"
