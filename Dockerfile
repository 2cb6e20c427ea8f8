# Casebook: the API server. Build: docker build -t casebook .  Run: see docker-compose.yml.

# Stage 1: production dependencies only. `npm ci` runs our postinstall, which
# generates the Prisma Client from prisma/schema.prisma into src/generated/.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
ENV CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1
COPY package.json package-lock.json ./
COPY scripts/prisma-generate.js scripts/web-build.js scripts/
COPY prisma prisma
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# Stage 2: the web app, built with the dev dependencies (Vite); only web/dist leaves this stage.
# `npm ci` runs the postinstall, which generates the API types from openapi.yaml and builds web/.
FROM node:20-bookworm-slim AS web
WORKDIR /app
ENV CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1
COPY package.json package-lock.json openapi.yaml ./
COPY scripts/prisma-generate.js scripts/web-build.js scripts/
COPY prisma prisma
COPY web web
RUN npm ci --no-audit --no-fund && test -f web/dist/index.html

# Stage 3: the runtime. tsx (a production dependency) runs the TypeScript
# sources, so there is no build step; the app files stay owned by root.
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 CASEBOOK_DATA_DIR=/data
# The heap bound of `npm start`: on a large host V8 otherwise lets the garbage of
# streamed reports and exports grow the heap by hundreds of MB before collecting.
# Raise it (e.g. --max-old-space-size=512) for very large runs' PDF reports.
ENV NODE_OPTIONS=--max-old-space-size=256
COPY --from=deps /app/node_modules node_modules
COPY package.json package-lock.json ./
COPY bin bin
COPY prisma prisma
COPY src src
COPY --from=deps /app/src/generated src/generated
COPY --from=web /app/web/dist web/dist
# The embedded database lives in /data when DATABASE_URL is not set.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `serve` applies pending migrations before it listens.
CMD ["node", "bin/casebook.js", "serve"]
