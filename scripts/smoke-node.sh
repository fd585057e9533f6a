#!/usr/bin/env bash
# Starts the site once on another Node.js major (default 26, the next LTS line) and checks that it
# answers: a fresh install of the committed tree in a temporary folder under that Node (native
# modules build for its ABI), `npm start` on the embedded default, then /health, the home page
# and a sign-up at 127.0.0.1. Used by CI; prints what it did and exits non-zero on any failure.
#
# In two halves, so CI can install while another step runs (the install is mostly a download and
# npm ci, and needs nothing that step makes): `smoke-node.sh 26 install DIR` fills DIR (and keeps
# it), then `smoke-node.sh 26 start DIR` starts the site from DIR and removes it. With no second
# argument it does both in a temporary folder.
set -euo pipefail
major="${1:-26}"
phase="${2:-all}"
root="$(cd "$(dirname "$0")/.." && pwd)"
port="${SMOKE_PORT:-4399}"
server_pid=""
case "$phase" in
  all) work="$(mktemp -d)" ;;
  install | start)
    work="${3:?smoke-node: $phase needs the folder: smoke-node.sh $major $phase DIR}"
    mkdir -p "$work"
    work="$(cd "$work" && pwd)"
    ;;
  *) echo "smoke-node: unknown phase $phase (install, start or none)" >&2; exit 2 ;;
esac
cleanup() {
  if [ -n "$server_pid" ]; then
    # The whole process group: npm, the start script and the server (which may still be writing
    # caches under node_modules while the folder is being removed).
    kill -TERM -- -"$server_pid" 2>/dev/null || true
    for _ in $(seq 1 30); do kill -0 -- -"$server_pid" 2>/dev/null || break; sleep 0.5; done
    kill -KILL -- -"$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work" 2>/dev/null || { sleep 1; rm -rf "$work" || echo "smoke-node: could not remove $work" >&2; }
}
# The install half keeps its folder for the start half, unless it fails.
if [ "$phase" = install ]; then
  trap 'status=$?; [ "$status" = 0 ] || cleanup' EXIT
else
  trap cleanup EXIT
fi

if [ "$phase" != start ]; then
  git -C "$root" archive HEAD | tar -x -C "$work"
  cd "$work"
  # shellcheck source=ensure-node.sh
  source scripts/ensure-node.sh "$major"
  npm ci --no-audit --no-fund >/dev/null
  if [ "$phase" = install ]; then
    echo "smoke-node: installed the committed tree under $(node --version) in $work"
    exit 0
  fi
else
  [ -d "$work/node_modules" ] || { echo "smoke-node: $work has no install (smoke-node.sh $major install $work first)" >&2; exit 2; }
  cd "$work"
  # shellcheck source=ensure-node.sh
  source scripts/ensure-node.sh "$major"
fi
# npm start builds the SPA when dist/ is missing or stale; a build of the same sources (CI has one
# from the end-to-end tests) is reused, since its output does not depend on the Node version.
if [ -d "$root/dist" ]; then cp -r "$root/dist" dist; fi
# Its own process group (setsid), so the clean-up stops every process it started.
PORT="$port" DATA_DIR="$work/data" setsid npm start >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 300); do
  if curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$server_pid" 2>/dev/null; then cat "$work/server.log"; echo "smoke-node: the server exited"; exit 1; fi
  sleep 1
done
curl -fsS "http://127.0.0.1:$port/health"; echo
curl -fsS -o /dev/null -w 'home page: HTTP %{http_code}, %{size_download} bytes\n' "http://127.0.0.1:$port/"
status=$(curl -sS -o /dev/null -w '%{http_code}' -X POST "http://127.0.0.1:$port/v0/api/auth/register" \
  -H "origin: http://127.0.0.1:$port" -H 'sec-fetch-site: same-origin' -H 'content-type: application/json' \
  --data '{"email":"smoke@example.com","password":"correct horse battery"}')
echo "sign-up at 127.0.0.1: HTTP $status"
[ "$status" = "201" ]
echo "smoke-node: the site runs on $(node --version)"
