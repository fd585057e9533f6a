#!/usr/bin/env bash
# npm run bench:social [-- --postgres]: scripts/bench-social.ts on SQLite (the embedded default),
# or on PostgreSQL: the server DATABASE_URL names (a role that may CREATE DATABASE), or with
# --postgres and no DATABASE_URL a throwaway cluster made as for test:pg (scripts/pg-throwaway.sh),
# durable like a default server.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
report_time() { echo "bench:social: $(($(date +%s) - started)) s in all"; }

case "${1:-}" in
  --postgres | --pg)
    if [ -z "${DATABASE_URL:-}" ]; then
      # shellcheck source=scripts/pg-throwaway.sh
      source "$(dirname "$0")/pg-throwaway.sh"
      PG_DURABLE=1 start_throwaway_postgres bench:social
    fi
    ;;
  '') ;;
  *) echo "bench:social: unknown argument $1 (--postgres, or nothing for SQLite)" >&2; exit 2 ;;
esac
npx tsx scripts/bench-social.ts
