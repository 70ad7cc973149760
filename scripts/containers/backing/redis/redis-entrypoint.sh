#!/bin/sh
# As the official redis image: options alone, or a .conf file first, are arguments of
# redis-server, and its protected mode is off by default (the official image builds it so;
# the container's network is what protects it). A config file keeps its own setting.
set -e
if [ "${1#-}" != "$1" ] || [ "${1%.conf}" != "$1" ]; then
  set -- redis-server "$@"
fi
if [ "$1" = redis-server ] && [ "${2%.conf}" = "${2:-}" ]; then
  shift
  set -- redis-server --protected-mode no "$@"
fi
exec "$@"
