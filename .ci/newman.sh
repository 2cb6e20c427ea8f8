#!/usr/bin/env bash
# Runs the Postman CI smoke collection with newman against a freshly started
# server on a fresh embedded database, with the bootstrap token it prints on
# first start: project → tests → run → results → reports.
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/lib/start-server.sh

start_embedded_server /readyz env LOG_LEVEL=warn node bin/casebook.js serve
bootstrap_token

if ! npx --no-install newman run postman/ci-smoke.postman_collection.json \
  --environment postman/casebook.localhost.postman_environment.json \
  --env-var "baseUrl=$server_url" --env-var "token=$server_token" \
  --bail --color off --reporters cli; then
  echo "== server log"; tail -n 40 "$server_log"; exit 1
fi
echo "newman smoke OK (port $server_port)"
