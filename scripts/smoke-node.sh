#!/usr/bin/env bash
# Starts the site once on another Node.js major (default 26, the next LTS line) and checks that it
# answers: a fresh install of the committed tree in a temporary folder under that Node (native
# modules build for its ABI), `npm start` on the embedded default, then /health, the home page
# and a sign-up at 127.0.0.1. Used by CI; prints what it did and exits non-zero on any failure.
set -euo pipefail
major="${1:-26}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
port="${SMOKE_PORT:-4399}"
server_pid=""
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
trap cleanup EXIT

git -C "$root" archive HEAD | tar -x -C "$work"
cd "$work"
# shellcheck source=ensure-node.sh
source scripts/ensure-node.sh "$major"
npm ci --no-audit --no-fund >/dev/null
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
