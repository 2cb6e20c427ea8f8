# Casebook: the API server. Build: docker build -t casebook .  Run: see docker-compose.yml.

# Stage 1: production dependencies only (the runtime's node_modules). `npm ci` runs our
# postinstall, which needs the Prisma schema; with no src/ here it builds nothing.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
ENV CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1
COPY package.json package-lock.json ./
COPY scripts/prisma-generate.js scripts/build-server.js scripts/build-state.js scripts/web-build.js scripts/
COPY prisma prisma
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# Stage 2: the builds, with the dev dependencies (Vite); only web/dist and dist leave this stage.
# `npm ci` runs the postinstall, which generates the Prisma Client (src/generated) and the API
# types from openapi.yaml, and builds web/. Then the server is compiled (src/ → dist/), after the
# install so that a change to src/ does not re-run it, with the embedded database's snapshot
# (dist/embedded-db: a new /data volume starts as a copy of it instead of creating the database).
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1
COPY package.json package-lock.json openapi.yaml tsconfig.json ./
COPY scripts/prisma-generate.js scripts/build-server.js scripts/build-state.js scripts/web-build.js scripts/
COPY prisma prisma
COPY web web
RUN npm ci --no-audit --no-fund && test -f web/dist/index.html
COPY src src
RUN node scripts/build-server.js && test -f dist/cli/main.js

# Stage 3: the runtime: compiled JavaScript (dist/), no TypeScript sources, so bin/casebook.js
# runs dist/ (scripts/build-state.js). The app files stay owned by root.
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 CASEBOOK_DATA_DIR=/data
# Heap settings, the same as `npm start`'s (README, Docker: Memory). --max-old-space-size
# bounds V8's old generation, the long-lived part of the JS heap. Without it V8 sizes that
# from the host's memory, and on a large host lets the garbage of streamed reports and exports
# grow the heap by hundreds of MB before collecting. 256 MB is several times what the server keeps
# live: it runs in ~100 MB resident idle, ~175 MB under 50 concurrent list requests and
# ~250 MB under 20 concurrent 5,000-test reports (npm run bench:memory, bench:reports).
# It bounds the JS heap only, not the process (add ~60 MB: code, buffers, Prisma's query
# compiler). Bigger hosts: raise it (512, 1024) for PDF reports of very large runs or many
# concurrent exports, keeping it under about half the container's memory limit; a bigger
# heap does not make requests faster. Leave --max-semi-space-size (V8's young generation,
# 16 MB): V8 gives it back when idle, and at 4 MB lists cost ~20% more CPU per request.
ENV NODE_OPTIONS=--max-old-space-size=256
COPY --from=deps /app/node_modules node_modules
COPY package.json package-lock.json ./
COPY bin bin
COPY scripts/build-state.js scripts/
COPY prisma prisma
COPY --from=build /app/dist dist
COPY --from=build /app/web/dist web/dist
# The embedded database lives in /data when DATABASE_URL is not set.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `serve` applies pending migrations before it listens.
CMD ["node", "bin/casebook.js", "serve"]
