# Enterprise OS as a container image (README "Docker Compose"; ADR 024). Two stages:
# - build: the full install (development packages too), the web app's Vite build, then the
#   production prune (`npm run prune:production`): what a host without containers does too;
# - runtime: a plain Debian with the pruned node_modules (its Node 24 is the project's `node`
#   package, so the runtime needs no Node image), the built web app and the server's sources.
#
#   docker build -t enterprise-os .
#   docker run --env-file env -p 3000:3000 -v eos-data:/app/data enterprise-os
#
# Both bases are build arguments: where no registry is reachable, deploy/container/build-local.sh
# makes stand-ins from Debian packages and builds with them.
ARG BUILD_BASE=node:24-bookworm-slim
ARG RUNTIME_BASE=debian:bookworm-slim

FROM ${BUILD_BASE} AS build
# Only for a network whose TLS proxy signs with its own CA: its file, mounted into the build
# (build-local.sh does this with the host's bundle). Unset, Node trusts its own CAs.
ARG NODE_EXTRA_CA_CERTS
WORKDIR /app
# The install on its own layer, rebuilt only when the lock changes. npm runs only the install
# scripts package.json "allowScripts" approves (.npmrc); the `node` package's fetches Node 24.
COPY package.json package-lock.json .npmrc ./
RUN npm ci
COPY . .
RUN npm run build && npm run prune:production

FROM ${RUNTIME_BASE}
# A system user without a login shell or home of its own; the application files stay root's, so the
# process cannot change its own code. Only DATA_DIR (/app/data) is its to write.
RUN groupadd --system --gid 10001 enterprise-os \
  && useradd --system --uid 10001 --gid enterprise-os --home-dir /app --no-create-home --shell /usr/sbin/nologin enterprise-os
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist/web ./dist/web
COPY --from=build /app/src/server ./src/server
COPY --from=build /app/src/shared ./src/shared
COPY --from=build /app/scripts/start.ts /app/scripts/build-if-stale.ts ./scripts/
COPY --from=build /app/deploy/container/healthcheck.ts ./deploy/container/
RUN install -d -o enterprise-os -g enterprise-os /app/data
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/app/data
# Each process records here which database and address it serves (the admin CLI follows it); the
# embedded PostgreSQL is not in this image (ADR 024): set DATABASE_URL.
VOLUME ["/app/data"]
USER enterprise-os
EXPOSE 3000
# /readyz: the ops listener's when METRICS_PORT is set (compose.yaml sets it; the worker's health endpoint), else the app port's; a worker without it checks its database (deploy/container/healthcheck.ts).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["/app/node_modules/.bin/node", "deploy/container/healthcheck.ts"]
# Exec form: Node is PID 1 and gets SIGTERM itself, which drains (README, Production) within
# SHUTDOWN_TIMEOUT_SECONDS (20 by default); give the container longer to stop (compose.yaml: 30 s).
STOPSIGNAL SIGTERM
CMD ["/app/node_modules/.bin/node", "scripts/start.ts"]
