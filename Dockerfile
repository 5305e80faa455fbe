# One image for every app (api, worker-scrape, worker-ai, worker-webhooks, migrations, admin CLI); the command picks the app.
# TypeScript runs directly through tsx, so there is no build stage.
FROM node:20-bookworm-slim

WORKDIR /app

# Debian's Chromium headless shell, for the scrape worker's rendering of JavaScript-only
# homepages (Playwright's own browser download is not used; CHROMIUM_PATH finds it).
RUN apt-get update && apt-get install -y --no-install-recommends chromium-headless-shell && rm -rf /var/lib/apt/lists/*

# Manifests first: the dependency layer is rebuilt only when one of them changes.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/worker-scrape/package.json apps/worker-scrape/
COPY apps/worker-ai/package.json apps/worker-ai/
COPY apps/worker-webhooks/package.json apps/worker-webhooks/
COPY apps/dashboard/package.json apps/dashboard/
COPY packages/accounts/package.json packages/accounts/
COPY packages/ai/package.json packages/ai/
COPY packages/api-keys/package.json packages/api-keys/
COPY packages/client/package.json packages/client/
COPY packages/config/package.json packages/config/
COPY packages/db/package.json packages/db/
COPY packages/domain/package.json packages/domain/
COPY packages/errors/package.json packages/errors/
COPY packages/guarded-fetch/package.json packages/guarded-fetch/
COPY packages/jobs/package.json packages/jobs/
COPY packages/logger/package.json packages/logger/
COPY packages/metrics/package.json packages/metrics/
COPY packages/net-guard/package.json packages/net-guard/
COPY packages/pipeline/package.json packages/pipeline/
COPY packages/queue/package.json packages/queue/
COPY packages/record/package.json packages/record/
COPY packages/scraper/package.json packages/scraper/
COPY packages/telemetry/package.json packages/telemetry/
COPY packages/testkit/package.json packages/testkit/
COPY packages/webhooks/package.json packages/webhooks/
COPY packages/worker-runtime/package.json packages/worker-runtime/

# Full install, dev dependencies included: tsx (the runtime loader) and prisma (for generate)
# are devDependencies. --include=dev keeps that true even if NODE_ENV=production is passed in.
# --ignore-scripts: nothing here needs an install script (esbuild, swc and msgpackr load their
# prebuilt platform packages), and it stops @prisma/engines from downloading a schema engine,
# which fails in air-gapped builds and is never used (our own migrator applies migrations).
RUN npm ci --include=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

COPY . .

# The generated Prisma client is gitignored and excluded from the context; build it here.
# scripts/prisma-generate.js already works offline (no schema engine download).
RUN npm run db:generate

ENV NODE_ENV=production

# Source and node_modules stay root-owned and read-only for the app user; tsx caches in /tmp.
USER node

# The API's PORT default (HOST defaults to 0.0.0.0, reachable from outside the container).
EXPOSE 3000

# No HEALTHCHECK here: the workers answer only on their metrics port, so checks are set per service (compose).
# node --import tsx (not npx/npm) so SIGTERM reaches the app itself and it shuts down cleanly.
#   worker:     node --import tsx apps/worker-scrape/src/main.ts
#   AI worker:  node --import tsx apps/worker-ai/src/main.ts
#   webhooks:   node --import tsx apps/worker-webhooks/src/main.ts
#   migrations: node --import tsx scripts/db-migrate.ts
CMD ["node", "--import", "tsx", "apps/api/src/main.ts"]
