# syntax=docker/dockerfile:1
# Two stages: dependencies and build in one, a slim runtime in the other whose code belongs to root and
# is only read by the app's user (docs/operations.md#deployment).
# Node 24 is the active LTS line (Node 20 left support in April 2026); every pinned package runs on it.
# Bookworm, as before: the embedded PostgreSQL's binaries are built against its libraries.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The npm the project is developed and tested with: npm 11 runs dependencies' install scripts only
# where package.json's allowScripts allows them (esbuild, the embedded PostgreSQL binaries).
RUN npm install --global --no-audit --no-fund npm@11.19.1
COPY package.json package-lock.json ./
# postinstall applies these to node_modules (patch-package): see patches/README.md.
COPY patches ./patches
# npm ci installs exactly the lock file (which holds every platform's optional entries) or fails.
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
# The patched Remix packages stay patched: prune removes dev dependencies without installing again.
# No file is writable by anyone but its owner (root, in the runtime image).
RUN npm run build && npm prune --omit=dev --no-audit --no-fund \
  && chmod -R go-w node_modules build public app/modules/help-centre/content

FROM ${NODE_IMAGE} AS runtime
# tini is PID 1: it passes SIGTERM on to node (which then finishes the requests in flight) and reaps
# zombie processes (the embedded PostgreSQL's, when no DATABASE_URL is given).
RUN apt-get update \
  && apt-get install --yes --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
# Production: without OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET the server refuses to start.
# LOCAL_SIGN_IN (the bundled sign-in with published demo passwords) is deliberately not set here: an
# evaluation passes `-e LOCAL_SIGN_IN=true` itself.
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data
WORKDIR /app
# The app's user owns its data folder and nothing else.
RUN groupadd --system app && useradd --system --gid app --home-dir /app/data --no-create-home --shell /usr/sbin/nologin app \
  && mkdir -p /app/data && chown app:app /app/data && chmod 0700 /app/data
# Owned by root, readable by all: the app's user runs the code and cannot change it.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# The documentation centre reads its Markdown (and the documents' stylesheet) at run time.
COPY --from=build /app/app/modules/help-centre/content ./app/modules/help-centre/content
# Our entrypoint replaces the node image's own (docker-entrypoint.sh), which is not used.
COPY --chmod=0755 deploy/docker-entrypoint.sh /usr/local/bin/app-entrypoint
USER app
EXPOSE 3000
VOLUME ["/app/data"]
# Liveness only (/healthz: the process answers). Readiness (/readyz: database, store, migrations) is
# the load balancer's check, so an outage of PostgreSQL takes instances out of rotation without
# having an orchestrator kill them all. A worker or migrate container has no HTTP port: healthy while
# it runs. The start period covers the embedded PostgreSQL's first start and pending migrations.
HEALTHCHECK --interval=30s --timeout=5s --retries=3 --start-period=60s --start-interval=2s CMD ["app-entrypoint", "healthcheck"]
# `docker run IMAGE` serves the web app; `docker run IMAGE worker` runs the background jobs;
# `docker run IMAGE migrate` applies pending migrations and exits. Anything else runs as given.
ENTRYPOINT ["tini", "--", "app-entrypoint"]
CMD ["web"]
