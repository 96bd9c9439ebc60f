# syntax=docker/dockerfile:1
# Multi-stage: production dependencies and the build run with the toolchain; the runtime stage gets
# only node_modules (production), dist/ and the sample content, and runs as the unprivileged "node" user.
ARG NODE_IMAGE=node:22.20.0-bookworm-slim

# Production dependencies only (native addons are compiled here, with the toolchain).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# Build with dev dependencies (esbuild, TypeScript).
FROM deps AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime: no compiler, no dev dependencies; only DATA_DIR and the content folder (a volume: the editor saves there) are writable.
FROM ${NODE_IMAGE} AS runtime
# The package version and the source revision, as labels (docker image inspect shows them).
ARG VERSION=unknown
ARG REVISION=unknown
LABEL org.opencontainers.image.title="corporate-site" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}"
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DIST_DIR=/app/dist \
    CONTENT_DIR=/app/content \
    DATA_DIR=/data
WORKDIR /app
# jemalloc is the process's malloc (docs/decisions/0010-memory-allocator.md): under hostile traffic with
# compressed answers glibc's malloc kept resident memory growing to 329 MB and never gave it back; jemalloc
# peaked at 159 MB. Its path differs per architecture (x86_64-linux-gnu, aarch64-linux-gnu): a fixed link to it.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini libjemalloc2 \
 && rm -rf /var/lib/apt/lists/* \
 && ln -s "$(dpkg -L libjemalloc2 | grep '/libjemalloc\.so\.2$')" /usr/local/lib/libjemalloc.so.2 \
 && mkdir -p /data /app/content \
 && chown node:node /data /app/content
ENV LD_PRELOAD=/usr/local/lib/libjemalloc.so.2
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --chown=root:root package.json ./
# The sample content, the node user's (uid 1000): the content editor writes this folder. Docker seeds the
# compose file's site-content volume from it on its first start only; later images never overwrite it.
COPY --chown=node:node content ./content
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=15s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# tini is PID 1: it forwards SIGTERM/SIGINT to Node and reaps zombies. The V8 flags are `npm start`'s
# (see docs/performance.md, Memory): small young generation, bounded old space, RSS ~135 MB under load.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=160", "dist/server/index.js"]
