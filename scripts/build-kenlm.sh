#!/usr/bin/env bash
# Builds KenLM's lmplz and build_binary from the kenlm sdist on PyPI into a bin folder (default
# .venv/bin). The Python wheel only queries models; training needs these two programs.
set -euo pipefail
BIN=${1:-.venv/bin}
PIP=${PIP:-.venv/bin/pip}
VERSION=${KENLM_VERSION:-0.3.0}
if [ -x "$BIN/lmplz" ] && [ -x "$BIN/build_binary" ]; then exit 0; fi
for tool in cmake g++; do
  command -v "$tool" >/dev/null || { echo "build-kenlm: $tool not found: run scripts/system-packages.sh (as root)" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$PIP" download -q --no-binary kenlm --no-deps -d "$work" "kenlm==$VERSION"
tar -xzf "$work"/kenlm-*.tar.gz -C "$work"
src=$(find "$work" -maxdepth 1 -type d -name 'kenlm-*' | head -n 1)
echo "build-kenlm: building lmplz and build_binary (about a minute)" >&2
if ! cmake -S "$src" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DKENLM_MAX_ORDER=6 >"$work/cmake.log" 2>&1; then
  tail -n 20 "$work/cmake.log" >&2
  echo "build-kenlm: cmake failed; the Boost packages may be missing: run scripts/system-packages.sh" >&2
  exit 1
fi
if ! cmake --build "$work/build" --target lmplz build_binary -j "$(nproc)" >"$work/make.log" 2>&1; then
  tail -n 20 "$work/make.log" >&2
  echo "build-kenlm: compilation failed (see above)" >&2
  exit 1
fi
mkdir -p "$BIN"
install -m 755 "$work/build/bin/lmplz" "$work/build/bin/build_binary" "$BIN/"
echo "build-kenlm: installed lmplz and build_binary in $BIN" >&2
