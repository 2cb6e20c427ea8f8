# Sourced by the .ci scripts: runs a server on a fresh embedded database in a
# temporary directory, on a random loopback port, and cleans up on exit.
#
#   start_embedded_server READY_PATH COMMAND...
#       Starts COMMAND in a session of its own (so the whole process group can be
#       signalled) with CASEBOOK_DATA_DIR set to a new temporary directory, PORT to
#       a random port and DATABASE_URL empty, its output in a temporary log, and
#       waits up to 60 s for READY_PATH (e.g. /healthz) to answer. Sets server_pid,
#       server_port, server_url and server_log, and traps EXIT to clean up.
#   bootstrap_token
#       Waits (up to 60 s) for the server to log that it serves, then sets server_token to the
#       first cb_... token in the log, or fails.
#   stop_server
#       Sends SIGTERM to the server's process group, as a terminal would, and waits
#       up to 10 s for it to exit; returns 1 if it is still running.
#   cleanup_server
#       The EXIT trap: signals the process group, waits up to 10 s for the server to
#       exit, and removes the temporary files.

start_embedded_server() {
  local ready_path=$1
  shift
  server_data=$(mktemp -d)
  server_log=$(mktemp)
  server_port=$((20000 + RANDOM % 20000))
  server_url="http://127.0.0.1:$server_port"
  CASEBOOK_DATA_DIR="$server_data" PORT="$server_port" DATABASE_URL= setsid "$@" >"$server_log" 2>&1 &
  server_pid=$!
  trap cleanup_server EXIT

  for _ in $(seq 1 60); do
    if curl -fsS "$server_url$ready_path" >/dev/null 2>&1; then break; fi
    if ! kill -0 "$server_pid" 2>/dev/null; then cat "$server_log"; echo "server exited early"; exit 1; fi
    sleep 1
  done
}

bootstrap_token() {
  # The server answers /healthz before its first start's bootstrap has written the token (a write to
  # the embedded database, slow on a loaded machine): wait for "Casebook is serving", logged after it.
  for _ in $(seq 1 120); do grep -q 'Casebook is serving' "$server_log" && break; sleep 0.5; done
  # No pipe into head: grep, writing its second match after head has exited, died of SIGPIPE,
  # which pipefail turned into a silent failure of the whole step.
  server_token=$(grep -o -m 1 'cb_[A-Za-z0-9_-]*' "$server_log" || true)
  server_token=${server_token%%$'\n'*}
  [ -n "$server_token" ] || { cat "$server_log"; echo "no bootstrap token printed"; exit 1; }
}

stop_server() {
  kill -TERM -- -"$server_pid"
  for _ in $(seq 1 20); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.5; done
  ! kill -0 "$server_pid" 2>/dev/null
}

cleanup_server() {
  kill -- -"$server_pid" 2>/dev/null || true
  # The embedded database writes its files until the server has exited (a checkpoint at
  # shutdown): removing them sooner raced it ("Directory not empty") and failed the step.
  for _ in $(seq 1 20); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.5; done
  rm -rf "$server_data" "$server_log"
}
