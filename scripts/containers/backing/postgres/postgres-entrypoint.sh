#!/usr/bin/env bash
# Entrypoint of jalaj-local/postgres:18: what the official postgres image's entrypoint does
# that Jalaj uses. On the first start (no $PGDATA/PG_VERSION): initdb with POSTGRES_USER
# (default postgres) as the superuser and POSTGRES_PASSWORD as its password, password
# authentication (scram-sha-256, or POSTGRES_HOST_AUTH_METHOD) from every host, extra
# initdb options from POSTGRES_INITDB_ARGS, and the database POSTGRES_DB (default: the
# user's name). Then `exec postgres`. Unlike the official image it creates the database in
# single-user mode, not with a temporary server, so "ready to accept connections" is logged
# once per start; it runs as the postgres user only (no root, no chown) and ignores
# /docker-entrypoint-initdb.d.
set -Eeuo pipefail

# As the official image: options alone are options of postgres.
if [ "${1:0:1}" = '-' ]; then set -- postgres "$@"; fi

if [ "$1" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  auth="${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}"
  if [ -z "${POSTGRES_PASSWORD:-}" ] && [ "$auth" != trust ]; then
    echo 'Error: the database is uninitialized and POSTGRES_PASSWORD is not set (or set POSTGRES_HOST_AUTH_METHOD=trust).' >&2
    exit 1
  fi
  user="${POSTGRES_USER:-postgres}"
  db="${POSTGRES_DB:-$user}"
  mkdir -p "$PGDATA"
  chmod 700 "$PGDATA"
  # shellcheck disable=SC2086 # POSTGRES_INITDB_ARGS is a list of options, as in the official image.
  initdb --username="$user" --pwfile=<(printf '%s\n' "${POSTGRES_PASSWORD:-}") \
    --auth-local=trust --auth-host="$auth" --encoding=UTF8 --locale=C.UTF-8 ${POSTGRES_INITDB_ARGS:-}
  printf '\nhost all all all %s\n' "$auth" >>"$PGDATA/pg_hba.conf"
  printf "\nlisten_addresses = '*'\n" >>"$PGDATA/postgresql.conf"
  if [ "$db" != postgres ]; then
    printf 'CREATE DATABASE "%s";\n' "${db//\"/\"\"}" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
  echo 'PostgreSQL init process complete; ready for start up.'
fi

exec "$@"
