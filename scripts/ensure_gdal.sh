#!/usr/bin/env bash
# Installs Debian's GDAL command-line tools when missing: the tests open what Mapdraft exports
# (GPX tracks) with ogrinfo, the client GIS users have.
set -euo pipefail
if command -v ogrinfo > /dev/null; then exit 0; fi
echo "installing Debian gdal-bin" >&2
if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q gdal-bin >&2; then
  apt-get update -q >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q gdal-bin >&2
fi
