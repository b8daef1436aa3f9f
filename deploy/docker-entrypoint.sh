#!/bin/sh
# The image's processes (docs/operations.md#deployment): one image, three commands.
#   web (the default)  the HTTP server; --expose-gc lets uploads and downloads collect their socket
#                      buffers as they stream (app/utils/streamed-garbage.server.ts)
#   worker             the background jobs, no HTTP (needs DATABASE_URL)
#   migrate            applies pending migrations under an advisory lock, then exits
#   healthcheck        the image's HEALTHCHECK
# Any other command runs as given (`docker run IMAGE node --version`). `exec` hands the process to
# tini, which forwards SIGTERM to node itself.
set -eu

command="${1:-web}"
[ "$#" -gt 0 ] && shift

case "$command" in
  web) exec node --expose-gc build/index.js "$@" ;;
  worker) exec node --expose-gc build/index.js --worker "$@" ;;
  migrate) exec node build/index.js --migrate "$@" ;;
  healthcheck)
    # PID 1 is tini (or docker's --init) with this script's arguments: a worker or migrate container
    # serves no HTTP and is healthy while its process runs (the container stops when it exits).
    role=" $(tr '\0' ' ' </proc/1/cmdline) "
    case "$role" in
      *" worker "* | *" --worker "* | *" migrate "* | *" --migrate "*) exit 0 ;;
    esac
    exec node -e '
      const url = `http://127.0.0.1:${process.env.PORT || 3000}/healthz`;
      fetch(url, { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1));
    '
    ;;
  *) exec "$command" "$@" ;;
esac
