# syntax=docker/dockerfile:1
# @fuda/game-api: the tRPC game server (HTTP batch + SSE) on :4000. Build from the repo root:
#   docker build -f infra/docker/game-api.Dockerfile .
# Internal packages ship TypeScript source, so the runtime runs it with tsx (a dependency).

FROM node:20-slim AS base
ENV TURBO_TELEMETRY_DISABLED=1 \
    PRISMA_HIDE_UPDATE_MESSAGE=1
RUN npm install -g pnpm@12.4.2 && npm cache clean --force
WORKDIR /repo

# Only the workspace packages the app depends on, manifests apart from sources so the install
# layer stays cached until a package.json or the lockfile changes.
FROM base AS prune
COPY . .
RUN pnpm dlx turbo@2.11.11 prune @fuda/game-api --docker

FROM base AS build
COPY --from=prune /repo/out/json/ ./
RUN pnpm install --frozen-lockfile
COPY --from=prune /repo/out/full/ ./
# Builds what the app needs (the Prisma client is generated here), then drops dev dependencies.
RUN pnpm exec turbo run build --filter=@fuda/game-api \
 && pnpm install --prod --frozen-lockfile \
 && rm -rf node_modules/.cache .turbo

FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4000
COPY --from=build /repo /app
WORKDIR /app/apps/game-api
USER node
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/trpc/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "tsx", "src/main.ts"]
