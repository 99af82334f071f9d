# Parlor in a container. Stage 1 builds the server and the web client; stage 2 runs them with
# production dependencies only, as the unprivileged `node` user, with matches kept in /data.

FROM node:22-bookworm-slim AS build
# The legacy builder (DOCKER_BUILDKIT=0, docker-compose 1.29) keeps this stage as an untagged image
# of about 760 MB: the label lets `docker image prune --filter label=parlor.stage=build` find it.
LABEL parlor.stage=build
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
# typescript (23 MB) comes only as @colyseus/schema's optional peer, for its code generator, which
# the server never runs; @colyseus/sdk (7 MB), the client's, comes because npm installs the
# client workspace's dependencies too, and the server bundle never imports it.
RUN npm install --omit=dev --workspace server --workspace shared --no-audit --no-fund \
  && npm cache clean --force \
  && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver \
    node_modules/@colyseus/sdk
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/client/dist client/dist
# The volume is created and owned by `node` before USER, or the server could not write to it.
RUN mkdir -p /data && chown node:node /data
# NODE_OPTIONS: V8's young generation capped at 4 MB a semi-space (what a load can grow it to), and
# MALLOC_ARENA_MAX: two glibc malloc arenas instead of one per thread; the server itself gives the
# rest back once the load falls (MEMORY_RELEASE_SECONDS, 30 by default). All three can be set by
# environment (docs/operations.md, "Memory"). START_RETRY_SECONDS: a start
# that cannot succeed (DATA_DIR not writable, PORT taken) says why once and waits for the fix
# instead of exiting, so the restart policy cannot loop.
ENV DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=2567 \
    NODE_OPTIONS="--max-semi-space-size=4" \
    MALLOC_ARENA_MAX=2 \
    START_RETRY_SECONDS=30
VOLUME /data
EXPOSE 2567
USER node
# Every 3 s, so `healthy` comes within about 3 s of the server being ready (Docker 20.10, Debian's,
# has no --start-interval); failures in the first 60 s (restoring tables) do not count. The probe
# is bash's /dev/tcp, not a node process: 10 ms where node's fetch took 170 ms and 80 ms of CPU
# (slim images have no curl).
HEALTHCHECK --interval=3s --timeout=3s --start-period=60s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${PORT:-2567} && printf 'GET /__healthcheck HTTP/1.0\\r\\n\\r\\n' >&3 && head -n 1 <&3 | grep -q ' 200 '"]
# node directly (not `npm start`, which swallows SIGTERM), so a stop is a graceful shutdown.
CMD ["node", "server/dist/index.js"]
