#!/usr/bin/env bash
# Starts `npm start` on a fresh embedded database, checks /healthz and one
# authenticated call with the bootstrap token, then stops it cleanly.
set -euo pipefail
cd "$(dirname "$0")/.."

data=$(mktemp -d)
log=$(mktemp)
port=$((20000 + RANDOM % 20000))
CASEBOOK_DATA_DIR="$data" PORT="$port" DATABASE_URL= setsid npm start >"$log" 2>&1 &
pid=$!
cleanup() { kill -- -"$pid" 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT

for _ in $(seq 1 60); do
  if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then cat "$log"; echo "server exited early"; exit 1; fi
  sleep 1
done
curl -fsS "http://127.0.0.1:$port/healthz" | grep -q '"ok":true'
token=$(grep -o 'cb_[A-Za-z0-9_-]*' "$log" | head -n 1)
[ -n "$token" ] || { cat "$log"; echo "no bootstrap token printed"; exit 1; }
curl -fsS -H "Authorization: Bearer $token" "http://127.0.0.1:$port/api/v1/orgs" | grep -q '"orgName":"Default"'
status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/api/v1/orgs")
[ "$status" = 401 ] || { echo "expected 401 without a token, got $status"; exit 1; }

# npm start runs node under npm: signal the whole process group, as a terminal would.
kill -TERM -- -"$pid"
for _ in $(seq 1 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
if kill -0 "$pid" 2>/dev/null; then cat "$log"; echo "server did not stop on SIGTERM"; exit 1; fi
grep -q 'shutting down' "$log" || { cat "$log"; echo "no clean shutdown logged"; exit 1; }
echo "smoke start OK (port $port)"
