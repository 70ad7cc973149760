#!/usr/bin/env bash
# Makes sure a Docker engine answers `docker info`, for the image scripts next to this one.
#
# Machines of this project have the Docker CLI but no engine (and no image registry), so:
#   1. an engine that already answers is left alone;
#   2. when there is no dockerd, Debian's docker.io is installed (apt-get, as root or via
#      sudo): its dockerd is an engine with a builtin BuildKit, no registry needed;
#   3. when dockerd is not running, it is started in the background (log in
#      DOCKERD_LOG, default /var/log/dockerd.log) and awaited until `docker info` answers.
# Prints what it did; running it again changes nothing. Exits non-zero with a message
# when it cannot get an engine to answer.
set -euo pipefail

WAIT_SECONDS="${DOCKERD_WAIT_SECONDS:-60}"
DOCKERD_LOG="${DOCKERD_LOG:-/var/log/dockerd.log}"

say() { printf 'engine: %s\n' "$*"; }
fail() { printf 'engine: %s\n' "$*" >&2; exit 1; }

if ! command -v docker >/dev/null 2>&1; then
  fail "no docker CLI on PATH"
fi

if docker info >/dev/null 2>&1; then
  say "a Docker engine answers ($(docker version --format 'server {{.Server.Version}}' 2>/dev/null || echo 'version unknown')); nothing to do"
  exit 0
fi

# Root, or sudo without a password, for installing and starting the daemon.
if [ "$(id -u)" -eq 0 ]; then
  as_root() { "$@"; }
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root() { sudo -n "$@"; }
else
  fail "no Docker engine answers and this user can neither install nor start one (needs root or password-less sudo); start Docker yourself"
fi

if ! command -v dockerd >/dev/null 2>&1 && [ ! -x /usr/sbin/dockerd ]; then
  command -v apt-get >/dev/null 2>&1 || fail "dockerd is missing and there is no apt-get to install it with; install a Docker engine yourself"
  say "dockerd is missing: installing Debian's docker.io"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io >/dev/null
  say "installed docker.io ($(/usr/sbin/dockerd --version))"
fi
DOCKERD="$(command -v dockerd || echo /usr/sbin/dockerd)"

daemon_pid="$(pgrep -x dockerd | head -1 || true)"
if [ -n "$daemon_pid" ]; then
  say "dockerd runs (pid $daemon_pid) but does not answer yet: waiting"
else
  say "starting dockerd in the background (log: $DOCKERD_LOG)"
  # setsid: the daemon outlives this script and its terminal; nothing here keeps the
  # caller's stdout open (a pipe into this script would never see its end otherwise).
  if [ "$(id -u)" -eq 0 ]; then
    setsid "$DOCKERD" >>"$DOCKERD_LOG" 2>&1 </dev/null &
    daemon_pid=$!
  else
    # The redirections happen as root too (the log may be in /var/log).
    sudo -n sh -c 'exec setsid "$0" >>"$1" 2>&1 </dev/null' "$DOCKERD" "$DOCKERD_LOG" >/dev/null 2>&1 </dev/null &
    daemon_pid=$!
  fi
fi

deadline=$((SECONDS + WAIT_SECONDS))
until docker info >/dev/null 2>&1; do
  if [ "$SECONDS" -ge "$deadline" ]; then
    tail -n 20 "$DOCKERD_LOG" >&2 2>/dev/null || true
    fail "dockerd did not answer within ${WAIT_SECONDS}s (log above: $DOCKERD_LOG)"
  fi
  if [ ! -d "/proc/$daemon_pid" ]; then
    tail -n 20 "$DOCKERD_LOG" >&2 2>/dev/null || true
    fail "dockerd exited (log above: $DOCKERD_LOG)"
  fi
  sleep 0.5
done
say "dockerd answers: $(docker info --format 'server {{.ServerVersion}}, storage driver {{.Driver}}, cgroup {{.CgroupVersion}}' 2>/dev/null)"
