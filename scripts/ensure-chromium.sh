#!/usr/bin/env bash
# Installs Debian's Chromium and the Noto fonts (Arabic glyphs) when missing. Idempotent.
set -eu
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
dpkg -s fonts-noto-core >/dev/null 2>&1 || need+=(fonts-noto-core)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
