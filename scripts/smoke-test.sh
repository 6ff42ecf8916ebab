#!/usr/bin/env bash
# Starts the built server with no DATABASE_URL (embedded PostgreSQL in a fresh
# DATA_DIR), checks readiness, survives `kill -9` with its data, and stops
# cleanly (exit 0) on SIGTERM. Needs `npm run build` first.
set -euo pipefail
cd "$(dirname "$0")/.."

export DATA_DIR="$(mktemp -d /tmp/tlm-smoke.XXXXXX)"
chmod 755 "$DATA_DIR"
export PORT="${SMOKE_PORT:-3917}" EMBEDDED_DB_PORT="${SMOKE_DB_PORT:-54337}" LOG_LEVEL=warn
unset DATABASE_URL REDIS_URL
base="http://127.0.0.1:$PORT"
server_pid=""

cleanup() {
  [[ -n $server_pid ]] && kill -9 "$server_pid" 2>/dev/null || true
  pkill -9 -f -- "-D $DATA_DIR/postgres" 2>/dev/null || true
  rm -rf "$DATA_DIR"
}
trap cleanup EXIT

start_server() {
  node dist/main.js > "$DATA_DIR/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 120); do
    if curl -fsS "$base/health/ready" > /dev/null 2>&1; then return 0; fi
    kill -0 "$server_pid" 2>/dev/null || { cat "$DATA_DIR/server.log"; echo "server exited during start"; return 1; }
    sleep 0.5
  done
  cat "$DATA_DIR/server.log"; echo "server not ready in 60s"; return 1
}

echo "start on the embedded database"
start_server
[[ -x scripts/smoke-data.sh ]] && scripts/smoke-data.sh write "$base"

echo "kill -9, then restart on the same data"
kill -9 "$server_pid"; wait "$server_pid" 2>/dev/null || true
start_server
[[ -x scripts/smoke-data.sh ]] && scripts/smoke-data.sh read "$base"

echo "SIGTERM stops it with exit code 0"
kill -TERM "$server_pid"
status=0; wait "$server_pid" || status=$?
server_pid=""
[[ $status -eq 0 ]] || { cat "$DATA_DIR/server.log"; echo "exit code $status after SIGTERM"; exit 1; }
if pgrep -f -- "-D $DATA_DIR/postgres" > /dev/null; then echo "embedded PostgreSQL still running after shutdown"; exit 1; fi
echo "smoke test passed"
