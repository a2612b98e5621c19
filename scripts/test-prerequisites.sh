#!/usr/bin/env bash
# Before `pnpm test`: the end-to-end tests drive Debian's Chromium (with Japanese and Thai fonts)
# and ffmpeg (a table's live video), the scale-out tests start nats-server and redis-server
# processes of their own, and the infra test validates the compose file with docker-compose.
# Install them when missing and we can (root on Debian).
set -euo pipefail
missing=()
command -v chromium >/dev/null || missing+=(chromium)
# The table video test (apps/web) publishes ffmpeg's test picture as live HLS.
command -v ffmpeg >/dev/null || missing+=(ffmpeg)
command -v docker-compose >/dev/null || missing+=(docker-compose)
# The scale-out tests (issue 39) start and stop NATS servers of their own.
command -v nats-server >/dev/null || [ -x /usr/sbin/nats-server ] || missing+=(nats-server)
command -v redis-server >/dev/null || [ -x /usr/bin/redis-server ] || missing+=(redis-server)
# The web app's screenshots in Japanese and Thai need fonts for those scripts.
fc-list 2>/dev/null | grep -i ipagothic >/dev/null || missing+=(fonts-ipafont-gothic)
fc-list 2>/dev/null | grep -i loma >/dev/null || missing+=(fonts-tlwg-loma-ttf)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing ${missing[*]} (Debian packages) for the tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "the tests need: ${missing[*]} — install them (e.g. sudo apt-get install -y ${missing[*]})" >&2
  exit 1
fi
