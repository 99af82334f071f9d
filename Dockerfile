# syntax=docker/dockerfile:1
# Parlor in a container. Stage 1 builds the server and the web client; stage 2 runs them with
# production dependencies only, as the unprivileged `node` user, with matches kept in /data.

FROM node:22-bookworm-slim AS build
WORKDIR /app
# Manifests first, so the dependency layer is reused until one of them changes.
COPY package.json package-lock.json .npmrc ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
# `npm install`, not `npm ci`: see docs/operations.md ("Why not npm ci").
RUN npm install --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts/build-server.mjs scripts/
COPY shared shared
COPY server server
COPY client client
COPY docs/rules docs/rules
RUN npm run build

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
# Only what the server needs at run time (the client is served as built files). The server is one
# ES module (server/dist, with the games compiled in) importing these packages.
RUN npm install --omit=dev --workspace server --workspace shared --no-audit --no-fund \
  && npm cache clean --force
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/client/dist client/dist
# The volume is created and owned by `node` before USER, or the server could not write to it.
RUN mkdir -p /data && chown node:node /data
ENV DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=2567
VOLUME /data
EXPOSE 2567
USER node
# No curl in slim images: node's own fetch asks the server's health route.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 2567) + '/__healthcheck').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node directly (not `npm start`, which swallows SIGTERM), so a stop is a graceful shutdown.
CMD ["node", "--max-semi-space-size=64", "server/dist/index.js"]
