#!/usr/bin/env bash
# npm run bench:soak [-- --cluster]: scripts/bench-soak.ts on SQLite (the embedded default, one
# instance), or with --cluster on PostgreSQL + Redis + S3 with two HTTP instances and a worker:
# PostgreSQL is the server DATABASE_URL names (a role that may CREATE DATABASE), or a throwaway
# cluster made as for bench:cluster (scripts/pg-throwaway.sh), durable like a default server.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
report_time() { echo "bench:soak: $(($(date +%s) - started)) s in all"; }

case "${1:-}" in
  --cluster)
    if ! command -v "${REDIS_SERVER_BIN:-redis-server}" >/dev/null 2>&1; then
      echo "bench:soak: redis-server not found (apt-get install redis-server, or set REDIS_SERVER_BIN)" >&2
      exit 2
    fi
    if [ -z "${DATABASE_URL:-}" ]; then
      # shellcheck source=scripts/pg-throwaway.sh
      source "$(dirname "$0")/pg-throwaway.sh"
      PG_DURABLE=1 start_throwaway_postgres bench:soak
    else
      trap report_time EXIT
    fi
    npx tsx scripts/bench-soak.ts --cluster
    ;;
  '')
    trap report_time EXIT
    npx tsx scripts/bench-soak.ts
    ;;
  *) echo "bench:soak: unknown argument $1 (--cluster, or nothing for SQLite)" >&2; exit 2 ;;
esac
