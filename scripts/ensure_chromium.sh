#!/usr/bin/env bash
# Installs Debian's Chromium when it is missing: npm tools cannot download browsers on this machine.
set -euo pipefail
if [ -x "${MAPDRAFT_CHROMIUM:-/usr/bin/chromium}" ]; then exit 0; fi
echo "installing Debian chromium" >&2
apt-get update -q >&2
DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >&2
