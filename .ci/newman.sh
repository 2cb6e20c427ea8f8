#!/usr/bin/env bash
# Runs the Postman CI smoke collection with newman against a freshly started
# server on a fresh embedded database, with the bootstrap token it prints on
# first start: project → tests → run → results → reports.
set -euo pipefail
cd "$(dirname "$0")/.."

data=$(mktemp -d)
log=$(mktemp)
port=$((20000 + RANDOM % 20000))
CASEBOOK_DATA_DIR="$data" PORT="$port" DATABASE_URL= LOG_LEVEL=warn setsid node bin/casebook.js serve >"$log" 2>&1 &
pid=$!
cleanup() { kill -- -"$pid" 2>/dev/null || true; rm -rf "$data" "$log"; }
trap cleanup EXIT

for _ in $(seq 1 60); do
  if curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then cat "$log"; echo "server exited early"; exit 1; fi
  sleep 1
done
token=$(grep -o 'cb_[A-Za-z0-9_-]*' "$log" | head -n 1)
[ -n "$token" ] || { cat "$log"; echo "no bootstrap token printed"; exit 1; }

if ! npx --no-install newman run postman/ci-smoke.postman_collection.json \
  --environment postman/casebook.localhost.postman_environment.json \
  --env-var "baseUrl=http://127.0.0.1:$port" --env-var "token=$token" \
  --bail --color off --reporters cli; then
  echo "== server log"; tail -n 40 "$log"; exit 1
fi
echo "newman smoke OK (port $port)"
