# syntax=docker/dockerfile:1
# @fuda/game-api: the tRPC game server (HTTP batch + SSE) on :4000. Build from the repo root:
#   docker build -f infra/docker/game-api.Dockerfile .
# The image runs the esbuild bundle with plain node: `dist/main.mjs` serves, `dist/setup.mjs`
# applies the migrations and the demo seed (compose's db-setup, the cluster's migrations Job).

FROM node:24-slim AS base
ENV TURBO_TELEMETRY_DISABLED=1 \
    PRISMA_HIDE_UPDATE_MESSAGE=1
RUN npm install -g pnpm@12.4.2 && npm cache clean --force
WORKDIR /repo

# Only the workspace packages the app depends on, manifests apart from sources so the install
# layer stays cached until a package.json or the lockfile changes.
FROM base AS prune
COPY . .
RUN pnpm dlx turbo@2.11.11 prune @fuda/game-api --docker

# Builds the bundle (the Prisma client is generated here), then assembles /runtime: dist/ and
# only the node_modules the bundle imports (pg and its dependencies), from the lockfile install.
FROM base AS build
COPY --from=prune /repo/out/json/ ./
RUN pnpm install --frozen-lockfile
COPY --from=prune /repo/out/full/ ./
RUN pnpm exec turbo run build --filter=@fuda/game-api
RUN pnpm exec tsx packages/env/scripts/runtime-tree.ts apps/game-api /runtime

# What runs, and nothing else: no pnpm, no sources, no tsx. Owned by root and run as the node
# user (1000), so the code cannot be changed at run time; it writes nothing outside /tmp and
# runs with a read-only root filesystem.
FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4000
WORKDIR /app
COPY --from=build /runtime/ ./
USER 1000
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.mjs"]
