# syntax=docker/dockerfile:1
# Multi-stage build: dependencies and build in one stage, a slim non-root runtime in the other.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The npm the project is developed and tested with: npm 11 runs dependencies' install scripts only
# where package.json's allowScripts allows them (esbuild, the embedded PostgreSQL binaries); the
# npm 10 in this image ignores that list and runs every package's script.
RUN npm install --global --no-audit --no-fund npm@11.19.1
COPY package.json package-lock.json ./
# postinstall applies these to node_modules (patch-package): see patches/README.md.
COPY patches ./patches
# Not `npm ci`: the registry lacks other platforms' optional rollup builds, which makes npm ci
# reject the committed lock file. `npm install` follows the lock and skips them (as .ci/run does).
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
# Production: without OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET the server refuses to start.
# LOCAL_SIGN_IN (the bundled sign-in with published demo passwords) is deliberately not set here: an
# evaluation passes `-e LOCAL_SIGN_IN=true` itself.
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data
WORKDIR /app
RUN groupadd --system app && useradd --system --gid app --home /app app \
  && mkdir -p /app/data && chown app:app /app/data
COPY --from=build --chown=app:app /app/package.json ./
COPY --from=build --chown=app:app /app/node_modules ./node_modules
COPY --from=build --chown=app:app /app/build ./build
COPY --from=build --chown=app:app /app/public ./public
# The documentation centre reads its Markdown (and the documents' stylesheet) at run time.
COPY --from=build --chown=app:app /app/app/modules/help-centre/content ./app/modules/help-centre/content
USER app
EXPOSE 3000
VOLUME ["/app/data"]
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The server applies pending migrations before it starts listening.
# --expose-gc: uploads and downloads collect their socket buffers as they stream (see
# app/utils/streamed-garbage.server.ts). SIGTERM (docker stop) lets requests in flight finish first.
CMD ["node", "--expose-gc", "build/index.js"]
