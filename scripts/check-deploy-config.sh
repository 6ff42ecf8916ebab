#!/usr/bin/env bash
# Validates docker-compose.yml (with and without the monitoring profile),
# checks that the API's memory limit holds its worker threads, and
# lints the HAProxy configuration, offline: no Docker engine, no DNS for the
# compose service names (the proxy config resolves them at run time only,
# `init-addr none`). Installs the Debian packages docker-compose and haproxy
# when they are missing. Then runs the proxy configuration against a stand-in
# replica on loopback: forwarding, X-Forwarded-For, health checks, the 503 when
# no replica is up. The cross-references between the files (ports, names) are
# checked by test/compose-stack.e2e-spec.ts.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v docker-compose > /dev/null || missing+=(docker-compose)
command -v haproxy > /dev/null || missing+=(haproxy)
if (( ${#missing[@]} )); then
  echo "installing ${missing[*]}"
  sudo_cmd=(); [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" > /dev/null \
    || { "${sudo_cmd[@]}" apt-get update -qq > /dev/null && "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" > /dev/null; }
fi

# A throwaway password: `config` only interpolates it.
export POSTGRES_PASSWORD=ci-config-check
docker-compose -f docker-compose.yml config -q
docker-compose -f docker-compose.yml --profile monitoring config -q
echo "docker-compose.yml is valid ($(docker-compose -f docker-compose.yml --profile monitoring config --services | tr '\n' ' '))"

# The API's memory limit holds the process and its WORK_THREADS (docs/operations.md, "Sizing a replica"), as .env sets
# them; and the check itself refuses a limit that cannot (four threads in 480 MiB).
docker-compose -f docker-compose.yml config | node scripts/check-api-memory.js
if WORK_THREADS=4 API_MEMORY_LIMIT=480m docker-compose -f docker-compose.yml config | node scripts/check-api-memory.js > /dev/null 2>&1; then
  echo "scripts/check-api-memory.js accepted 4 worker threads in 480 MiB"; exit 1
fi

haproxy -c -q -f deploy/haproxy/haproxy.cfg
echo "deploy/haproxy/haproxy.cfg is valid ($(haproxy -v | head -1))"

# The HTTPS override (docker-compose.tls.yml + deploy/haproxy/tls.cfg), with a throwaway self-signed certificate
# where the override mounts the real one.
docker-compose -f docker-compose.yml -f docker-compose.tls.yml config -q
tls_check=$(mktemp -d /tmp/tlm-tls-check.XXXXXX)
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj '/CN=localhost' -keyout "$tls_check/key.pem" -out "$tls_check/cert.pem" 2>/dev/null
cat "$tls_check/cert.pem" "$tls_check/key.pem" > "$tls_check/site.pem"
sed "s#/usr/local/etc/haproxy/certs/site.pem#$tls_check/site.pem#" deploy/haproxy/tls.cfg > "$tls_check/tls.cfg"
haproxy -c -q -f deploy/haproxy/haproxy.cfg -f "$tls_check/tls.cfg" || { rm -rf "$tls_check"; echo "deploy/haproxy/tls.cfg is not valid"; exit 1; }
rm -rf "$tls_check"
echo "docker-compose.tls.yml and deploy/haproxy/tls.cfg are valid"

# Run the proxy configuration for real against a stand-in replica (a node:http server echoing what it
# receives): the same file with the compose DNS name replaced by a loopback address and the ports moved.
base_port=$(( ${SMOKE_PORT:-3917} + 200 ))
proxy_port=$base_port replica_port=$(( base_port + 1 )) monitor_port=$(( base_port + 2 ))
work=$(mktemp -d /tmp/tlm-proxy-check.XXXXXX)
replica_pid="" proxy_pid=""
cleanup() {
  [[ -n $proxy_pid ]] && kill "$proxy_pid" 2>/dev/null || true
  [[ -n $replica_pid ]] && kill "$replica_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
sed -e "s/^    bind :8080$/    bind 127.0.0.1:$proxy_port/" \
    -e "s/^    bind :8405$/    bind 127.0.0.1:$monitor_port/" \
    -e "s/^    server-template api [0-9]* api:3000$/    server api1 127.0.0.1:$replica_port/" \
    -e "s/ resolvers docker resolve-prefer ipv4 init-addr none$//" \
    deploy/haproxy/haproxy.cfg > "$work/haproxy.cfg"
[[ $(diff deploy/haproxy/haproxy.cfg "$work/haproxy.cfg" | grep -c '^>') -eq 4 ]] \
  || { echo "the proxy check could not rewrite the 4 lines it replaces in deploy/haproxy/haproxy.cfg"; exit 1; }

node -e '
  require("node:http").createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ path: req.url, forwardedFor: req.headers["x-forwarded-for"] ?? null }));
  }).listen(Number(process.argv[1]), "127.0.0.1");
' "$replica_port" &
replica_pid=$!
haproxy -f "$work/haproxy.cfg" > "$work/haproxy.log" 2>&1 &
proxy_pid=$!
for _ in $(seq 1 50); do
  curl -fs "http://127.0.0.1:$proxy_port/health/live" > /dev/null 2>&1 && break
  sleep 0.2
done
answer=$(curl -fsS -H 'X-Forwarded-For: 198.51.100.7' "http://127.0.0.1:$proxy_port/api/v1/tournaments?limit=1") \
  || { cat "$work/haproxy.log"; echo "the proxy did not forward a request to the replica"; exit 1; }
[[ $answer == '{"path":"/api/v1/tournaments?limit=1","forwardedFor":"127.0.0.1"}' ]] \
  || { echo "the replica should see only the proxy's own X-Forwarded-For (the client's address), got: $answer"; exit 1; }
curl -fsS "http://127.0.0.1:$monitor_port/healthz" > /dev/null || { echo "the proxy's monitor-uri did not answer"; exit 1; }

kill "$replica_pid"; wait "$replica_pid" 2>/dev/null || true; replica_pid=""
sleep 5   # two failed health checks, 2 s apart
headers=$(curl -sS -D - -o "$work/body.json" "http://127.0.0.1:$proxy_port/api/v1/tournaments")
grep -q '^HTTP/1.1 503' <<< "$headers" && grep -qi '^content-type: application/problem+json' <<< "$headers" \
  && grep -qi '^retry-after: 5' <<< "$headers" \
  && node -e 'const b = require(process.argv[1]); if (b.code !== "service_unavailable" || b.status !== 503) process.exit(1)' "$work/body.json" \
  || { echo "with no replica up the proxy should answer a 503 service_unavailable problem with Retry-After, got:"; echo "$headers"; cat "$work/body.json"; exit 1; }
echo "the proxy forwards to a replica with the client's address only, and answers 503 problem+json when none is up"
