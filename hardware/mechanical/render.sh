#!/bin/sh
# Renders every mechanical part of the reference board to STL:
# hardware/mechanical/*.scad (except params.scad) -> hardware/mechanical/build/<part>.stl
# Needs openscad (Debian: apt-get install openscad). `npm run hardware` runs this.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$here/build"
command -v openscad >/dev/null 2>&1 || { echo "openscad is not installed: apt-get install openscad" >&2; exit 1; }
for scad in "$here"/*.scad; do
  part=$(basename "$scad" .scad)
  [ "$part" = params ] && continue
  openscad --quiet -o "$here/build/$part.stl" "$scad"
  echo "$part: build/$part.stl"
done
