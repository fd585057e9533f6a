#!/usr/bin/env bash
# npm run bench:cluster: scripts/bench-cluster.ts on a throwaway PostgreSQL cluster made as for
# test:pg and test:cluster (scripts/pg-throwaway.sh), durable like a default server, or on the
# server DATABASE_URL names (a role that may CREATE DATABASE).
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
report_time() { echo "bench:cluster: $(($(date +%s) - started)) s in all"; }

if [ -z "${DATABASE_URL:-}" ]; then
  # shellcheck source=scripts/pg-throwaway.sh
  source "$(dirname "$0")/pg-throwaway.sh"
  PG_DURABLE=1 start_throwaway_postgres bench:cluster
fi
npx tsx scripts/bench-cluster.ts
