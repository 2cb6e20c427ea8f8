#!/usr/bin/env bash
# Starts `npm start` on a fresh embedded database, checks that it runs the compiled server
# (dist/), /healthz and one authenticated call with the bootstrap token, then stops it cleanly.
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/lib/start-server.sh

started=$(mktemp)
start_embedded_server /healthz npm start
# Answers are read whole before grep -q looks at them: a pipe into grep -q can kill curl with SIGPIPE (a silent failure under pipefail).
grep -q '"ok":true' <<<"$(curl -fsS "$server_url/healthz")"
# npm start's prestart compiled the server, and bin/casebook.js runs dist/ when it is up to date
# with src/ (test/packaging/compiled-server.test.ts): a build exists, and no source older than
# this start is newer than it. (A source edited while this runs may be, in a working tree.)
[ -f dist/cli/main.js ] && [ -f dist/.built ] || { rm -f "$started"; cat "$server_log"; echo "npm start did not build the server (dist/)"; exit 1; }
unbuilt=$(find src tsconfig.json -newer dist/.built ! -newer "$started")
rm -f "$started"
[ -z "$unbuilt" ] || { cat "$server_log"; echo "npm start ran an out-of-date build; newer sources: $unbuilt"; exit 1; }
bootstrap_token
grep -q '"orgName":"Default"' <<<"$(curl -fsS -H "Authorization: Bearer $server_token" "$server_url/api/v1/orgs")"
status=$(curl -s -o /dev/null -w '%{http_code}' "$server_url/api/v1/orgs")
[ "$status" = 401 ] || { echo "expected 401 without a token, got $status"; exit 1; }

# The web app: sign in with the token through the login form, then a deep link serves the built app.
jar=$(mktemp)
curl -fsS -o /dev/null -c "$jar" -H "Origin: $server_url" --data-urlencode "token=$server_token" "$server_url/auth/token"
grep -q '<div id="root"></div>' <<<"$(curl -fsS -b "$jar" -H 'Accept: text/html' "$server_url/projects")" \
  || { echo "the web app is not served at /projects"; exit 1; }
script=$(grep -o -m 1 '/assets/[^"]*\.js' <<<"$(curl -fsS -b "$jar" -H 'Accept: text/html' "$server_url/")" || true)
script=${script%%$'\n'*}
[ -n "$script" ] || { echo "the app's page names no script"; exit 1; }
curl -fsS -o /dev/null "$server_url$script" || { echo "the app's script $script is not served"; exit 1; }
rm -f "$jar"

# npm start runs node under npm: stop_server signals the whole process group.
stop_server || { cat "$server_log"; echo "server did not stop on SIGTERM"; exit 1; }
grep -q 'shutting down' "$server_log" || { cat "$server_log"; echo "no clean shutdown logged"; exit 1; }
echo "smoke start OK (port $server_port)"
