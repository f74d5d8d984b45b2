#!/usr/bin/env bash
# Installs what the real-VS-Code tests need: Debian's chromium and build deps, and code-server 4.100.3
# (= VS Code 1.100.3) into .vscode-test/code-server/ (gitignored, kept between CI runs on the same machine).
# Idempotent: every step is skipped when its result is already present, so a rerun takes about a second.
set -euo pipefail
cd "$(dirname "$0")/../.."

CODE_SERVER_VERSION=4.100.3
DEST=.vscode-test/code-server
BIN="$DEST/node_modules/.bin/code-server"

# 1. System packages. `apt-get update` only when something is missing.
need=()
for pkg in chromium libkrb5-dev build-essential python3 pkg-config ripgrep; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "install.sh: apt-get install ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}"
fi

# 2. code-server, unless a working copy of the right version is already there.
mkdir -p .vscode-test
probe_config=.vscode-test/probe-config.yaml
printf 'bind-addr: 127.0.0.1:0\nauth: none\ncert: false\n' > "$probe_config"
if [ -x "$BIN" ] && "$BIN" --config "$probe_config" --version 2>/dev/null | grep -q "^$CODE_SERVER_VERSION "; then
  exit 0
fi

# code-server's bundled @vscode/ripgrep 1.15.x downloads rg from GitHub in its postinstall, which cannot be
# reached here: seed its download cache with Debian's rg so the postinstall finds the tarball and skips the fetch.
cache="${TMPDIR:-/tmp}/vscode-ripgrep-cache-1.15.11"
tarball="$cache/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz"
if [ ! -s "$tarball" ]; then
  mkdir -p "$cache"
  staging=$(mktemp -d)
  cp /usr/bin/rg "$staging/rg"
  tar -czf "$tarball" -C "$staging" rg
  rm -rf "$staging"
fi

echo "install.sh: npm install code-server@$CODE_SERVER_VERSION into $DEST (about 2 minutes)"
rm -rf "$DEST"
mkdir -p "$DEST"
printf '{ "name": "code-server-host", "private": true }\n' > "$DEST/package.json"
# Each variable is required; npm 11 ignores the flag forms for lifecycle scripts:
#  unsafe_perm - code-server's postinstall refuses to run as root without it;
#  yes         - node-pty's postinstall runs `npx node-gyp`, which otherwise waits at a prompt;
#  nodedir     - argon2/kerberos build from source against /usr/include/node (with libkrb5-dev).
(
  cd "$DEST"
  npm_config_yes=true npm_config_unsafe_perm=true npm_config_nodedir=/usr \
    npm install --foreground-scripts --no-audit --no-fund --loglevel=error "code-server@$CODE_SERVER_VERSION"
)
"$BIN" --config "$probe_config" --version
