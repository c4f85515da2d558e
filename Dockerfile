# syntax=docker/dockerfile:1
# Lectern: a multi-stage build. The final image holds the production build, production
# dependencies and the migrations, and runs as the unprivileged `node` user.

# ── 1. Dependencies (dev included: the build needs Vite, esbuild, Tailwind) ─────────────────────
FROM node:20-bookworm-slim AS deps
WORKDIR /app
ENV CI=true
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# ── 2. Build, then drop dev dependencies ───────────────────────────────────────────────────────
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# ── 3. Runtime ─────────────────────────────────────────────────────────────────────────────────
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data

COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
# Migrations run at start-up (under an advisory lock on Postgres).
COPY --from=build --chown=node:node /app/drizzle ./drizzle

# Embedded database, local uploads and a generated session secret and encryption key live here when
# no DATABASE_URL / S3_BUCKET / SESSION_SECRET / ENCRYPTION_KEY is set. Production should set all four
# (docs/deploy.md); with DATABASE_URL the server refuses to start without ENCRYPTION_KEY.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]

USER node
EXPOSE 3000

# /healthz answers 200 when the database answers; node 20 has fetch built in.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# The server handles SIGTERM itself: it finishes in-flight requests, closes the database and exits.
CMD ["node", "build/server.js"]
