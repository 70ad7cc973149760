#!/bin/sh
# As the official nats image: no arguments, or options only, are options of nats-server.
set -e
if [ "$#" -eq 0 ] || [ "${1#-}" != "$1" ]; then
  set -- nats-server "$@"
fi
exec "$@"
