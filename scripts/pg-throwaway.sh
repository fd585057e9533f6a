#!/usr/bin/env bash
# Sourced by scripts/test-pg.sh and scripts/test-cluster.sh: start_throwaway_postgres NAME makes a
# throwaway PostgreSQL cluster with Debian's binaries (package `postgresql`) and exports
# DATABASE_URL for it: initdb in a temporary directory under /tmp owned by the `postgres` user
# (the server refuses to run as root, and that user cannot enter /root), started with pg_ctl on a
# free local port (PG_PORT to choose one), durability off (nothing outlives the run) unless
# PG_DURABLE=1 (benchmarks: figures for a server as it is configured by default). The cluster
# is stopped and removed when the calling script exits, pass or fail; report_time (defined by the
# caller) runs then too.

start_throwaway_postgres() {
  local name=$1
  # The newest installed major version (Debian installs under /usr/lib/postgresql/<major>/bin).
  PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
  if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
    echo "$name: PostgreSQL server binaries not found (apt-get install postgresql, or set PG_BIN or DATABASE_URL)" >&2
    exit 2
  fi

  # The server refuses to run as root: run its binaries as `postgres` then, else as ourselves.
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || { echo "$name: running as root needs the postgres user (from the postgresql package)" >&2; exit 2; }
    as_pg() { runuser -u postgres -- "$@"; }
  else
    as_pg() { "$@"; }
  fi

  cluster=$(mktemp -d /tmp/selfie-pg.XXXXXX)
  [ "$(id -u)" = 0 ] && chown postgres: "$cluster"
  chmod 700 "$cluster"
  stop_cluster() {
    local status=$?
    if [ -f "$cluster/data/postmaster.pid" ]; then
      as_pg "$PG_BIN/pg_ctl" -D "$cluster/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$cluster"
    report_time
    exit "$status"
  }
  trap stop_cluster EXIT
  trap 'exit 130' INT TERM

  free_port() {
    node -e "const s = require('net').createServer(); s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });"
  }

  echo "$name: throwaway cluster in $cluster ($PG_BIN)"
  as_pg "$PG_BIN/initdb" -D "$cluster/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$cluster/initdb.log" 2>&1 ||
    { cat "$cluster/initdb.log" >&2; exit 1; }

  # A disposable cluster: durability off (nothing survives the run anyway), room for every worker's pool.
  options="-c listen_addresses=127.0.0.1 -c unix_socket_directories=$cluster -c max_connections=300"
  [ "${PG_DURABLE:-}" = 1 ] || options+=" -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  options+=" -c shared_buffers=128MB"
  started_ok=
  for attempt in 1 2 3 4 5; do
    port=${PG_PORT:-$(free_port)}
    if as_pg "$PG_BIN/pg_ctl" -D "$cluster/data" -l "$cluster/server.log" -w -t 60 -o "-p $port $options" start >/dev/null; then
      started_ok=1
      break
    fi
    [ -n "${PG_PORT:-}" ] && break # a chosen port is not replaced by another
    echo "$name: could not start on port $port (attempt $attempt), trying another" >&2
  done
  if [ -z "$started_ok" ]; then
    cat "$cluster/server.log" >&2 || true
    exit 1
  fi
  echo "$name: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') listening on 127.0.0.1:$port"
  export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
}
