#!/usr/bin/env bash
# Installs the Debian packages the project needs beyond Python: cmake and Boost to build KenLM's
# lmplz/build_binary; the Italian thesaurus (mythes-it: /usr/share/mythes/th_it_IT_v2.dat) and
# quotations (fortunes-it: /usr/share/games/fortunes/it/) that the guillotine's offline default reads;
# the Italian-source FreeDict/WikDict dictionaries (dict-freedict-ita-*: /usr/share/dictd/) that the
# it-knowledge collection reads (kind dictd);
# and Chromium (+ its driver) for the browser tests, which skip when it cannot be installed.
# Does nothing when they are present; as a non-root user it names what is missing.
set -euo pipefail
PACKAGES=(cmake g++ make libboost-program-options-dev libboost-system-dev libboost-thread-dev
          libboost-test-dev zlib1g-dev libbz2-dev liblzma-dev mythes-it fortunes-it
          dict-freedict-ita-bul dict-freedict-ita-deu dict-freedict-ita-ell dict-freedict-ita-eng
          dict-freedict-ita-fin dict-freedict-ita-ind dict-freedict-ita-jpn dict-freedict-ita-lit
          dict-freedict-ita-nor dict-freedict-ita-pol dict-freedict-ita-por dict-freedict-ita-rus
          dict-freedict-ita-spa dict-freedict-ita-swe dict-freedict-ita-tur)
OPTIONAL=(chromium chromium-driver)  # browser tests only: a failure here does not stop the set-up
missing=()
optional=()
for p in "${OPTIONAL[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || optional+=("$p")
done
install_optional() {
  [ ${#optional[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "system-packages: ${optional[*]} not installed: the browser tests will be skipped" >&2
    return 0
  fi
  echo "system-packages: installing ${optional[*]} (browser tests)" >&2
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
      --no-install-recommends "${optional[@]}" >/dev/null; } \
    || echo "system-packages: ${optional[*]} could not be installed: the browser tests will be skipped" >&2
}
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && { install_optional; exit 0; }
if ! command -v apt-get >/dev/null 2>&1; then
  echo "system-packages: missing ${missing[*]} and no apt-get: install them with your package manager" >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
    echo "system-packages: missing ${missing[*]}: run as root: apt-get install ${missing[*]}" >&2
    exit 1
  fi
else SUDO=; fi
echo "system-packages: installing ${missing[*]}" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
install_optional
