# syntax=docker/dockerfile:1
# @fuda/web: the Next.js lobby on :3000. Build from the repository root:
#   docker build -f infra/docker/web.Dockerfile .
# GAME_API_URL (the game API's tRPC endpoint) is read when the server starts.

FROM node:20-slim AS base
ENV TURBO_TELEMETRY_DISABLED=1 \
    NEXT_TELEMETRY_DISABLED=1
RUN npm install -g pnpm@12.4.2 && npm cache clean --force
WORKDIR /repo

# Only the workspace packages the app depends on, manifests apart from sources so the install
# layer stays cached until a package.json or the lockfile changes.
FROM base AS prune
COPY . .
RUN pnpm dlx turbo@2.11.11 prune @fuda/web --docker

FROM base AS build
COPY --from=prune /repo/out/json/ ./
RUN pnpm install --frozen-lockfile
COPY --from=prune /repo/out/full/ ./
RUN pnpm exec turbo run build --filter=@fuda/web \
 && pnpm install --prod --frozen-lockfile \
 && rm -rf apps/web/.next/cache node_modules/.cache .turbo

FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=3000
COPY --from=build /repo /app
WORKDIR /app/apps/web
# The only place Next writes at run time (its fetch and image caches).
RUN mkdir .next/cache && chown node:node .next/cache
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["sh", "-c", "exec node node_modules/next/dist/bin/next start -H \"$HOST\" -p \"$PORT\""]
