#!/usr/bin/env bash
# Used by smoke-test.sh: `write` makes an account, a token and a tournament
# through the admin command line and the API; `read` checks they survived.
set -euo pipefail
mode=$1 base=$2
state="$DATA_DIR/smoke-state"

if [[ $mode == write ]]; then
  node dist/cli.js account:create --email smoke@example.com --plan premium > /dev/null
  token=$(node dist/cli.js token:generate --email smoke@example.com | sed -E 's/.*"token":"([^"]+)".*/\1/')
  id=$(curl -fsS -X POST "$base/api/v1/tournaments" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -d '{"name":"Smoke Cup","format":"swiss"}' | sed -E 's/.*"id":"([^"]+)".*/\1/')
  printf '%s %s\n' "$token" "$id" > "$state"
  echo "created tournament $id"
else
  read -r token id < "$state"
  body=$(curl -fsS "$base/api/v1/tournaments/$id" -H "Authorization: Bearer $token" -H 'Content-Type: application/json')
  [[ $body == *'"name":"Smoke Cup"'* ]] || { echo "tournament $id lost after restart: $body"; exit 1; }
  echo "tournament $id survived"
fi
