#!/usr/bin/env bash
# Plays a whole tournament against a running instance and prints the standings: the steps of
# docs/walkthrough.md, with curl. Needs curl and node (for reading JSON).
#   BASE_URL=http://127.0.0.1:3000 API_TOKEN=tlm_... bash scripts/demo.sh     (or: npm run demo)
# The token must belong to a premium account (account page, or node dist/cli.js token:generate).
set -euo pipefail

BASE_URL="${BASE_URL:-http://127.0.0.1:3000}"
: "${API_TOKEN:?set API_TOKEN to an API token of a premium account (see docs/walkthrough.md)}"
PLAYERS=("Ada Lovelace" "Alan Turing" "Grace Hopper" "Edsger Dijkstra")

# One API call: prints the body, fails with the problem's detail on a 4xx/5xx.
api() {
  local method=$1 path=$2 body=${3:-}
  local args=(-sS -X "$method" "$BASE_URL$path" -H "Authorization: Bearer $API_TOKEN" -H "Content-Type: application/json" -w '\n%{http_code}')
  [[ -n $body ]] && args+=(-d "$body")
  local answer status
  answer=$(curl "${args[@]}") || { echo "demo: cannot reach $BASE_URL" >&2; exit 1; }
  status=${answer##*$'\n'}
  answer=${answer%$'\n'*}
  if (( status >= 400 )); then
    echo "demo: $method $path answered $status: $answer" >&2
    exit 1
  fi
  printf '%s' "$answer"
}

# Reads a value out of the JSON on stdin: a field name (`id`), or a JavaScript expression over `it`.
json() {
  node -e '
    const it = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const expression = process.argv[1];
    const value = /^\w+$/.test(expression) ? it[expression] : eval(expression);
    process.stdout.write(typeof value === "string" ? value : JSON.stringify(value));
  ' "$1"
}

echo "1. Create a single-elimination tournament"
tournament=$(api POST /api/v1/tournaments '{"name": "Demo Cup", "format": "single_elimination"}' | json id)
echo "   id $tournament"

echo "2. Register ${#PLAYERS[@]} participants in one request"
participants=$(node -e 'console.log(JSON.stringify({ participants: process.argv.slice(1).map((name, i) => ({ name, seed: i + 1 })) }))' "${PLAYERS[@]}")
api POST "/api/v1/tournaments/$tournament/participants/bulk" "$participants" | json '"   " + it.data.map((p) => p.seed + ". " + p.name).join(", ")'
echo

echo "3. Start it: the matches are drawn"
api PATCH "/api/v1/tournaments/$tournament" '{"status": "in_progress"}' | json '"   status " + it.status'
echo

echo "4. Report every ready match (the first opponent wins 2-1) until the tournament completes"
while :; do
  ready=$(api GET "/api/v1/tournaments/$tournament/matches?status=ready&limit=100" | json 'it.data.map((m) => m.id).join(" ")')
  [[ -z $ready ]] && break
  for match in $ready; do
    api PATCH "/api/v1/tournaments/$tournament/matches/$match" '{"scores": [2, 1]}' \
      | json '"   match " + it.number + " (round " + it.round + "): " + it.opponents.map((o) => o.score).join("-")'
    echo
  done
done
echo "   tournament $(api GET "/api/v1/tournaments/$tournament" | json status)"

echo "5. Standings"
api GET "/api/v1/tournaments/$tournament/standings" \
  | json 'it.data.map((row) => `   ${row.rank}. ${row.name} (${row.wins} won, ${row.losses} lost)`).join("\n")'
echo
