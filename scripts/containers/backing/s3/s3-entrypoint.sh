#!/bin/sh
# As MinIO's image: arguments that do not name a program are arguments of minio
# (`command: ["server", "/data"]`).
set -e
if [ "$#" -eq 0 ] || ! command -v "$1" >/dev/null 2>&1; then
  set -- minio "$@"
fi
exec "$@"
