# syntax=docker/dockerfile:1
# @fuda/web: the Next.js lobby on :3000. Build from the repository root:
#   docker build -f infra/docker/web.Dockerfile .
# GAME_API_URL (the game API's tRPC endpoint) is read when the server starts.

FROM node:24-slim AS base
ENV TURBO_TELEMETRY_DISABLED=1 \
    NEXT_TELEMETRY_DISABLED=1
RUN npm install -g pnpm@12.4.2 && npm cache clean --force
WORKDIR /repo

# Only the workspace packages the app depends on, manifests apart from sources so the install
# layer stays cached until a package.json or the lockfile changes.
FROM base AS prune
COPY . .
RUN pnpm dlx turbo@2.11.11 prune @fuda/web --docker

# `next build` with `output: "standalone"`, then the app's server bundled into that tree
# (apps/web/scripts/server.ts → server.mjs) with the built assets beside it: /runtime is the
# standalone folder, which runs alone.
FROM base AS build
COPY --from=prune /repo/out/json/ ./
RUN pnpm install --frozen-lockfile
COPY --from=prune /repo/out/full/ ./
RUN pnpm exec turbo run build --filter=@fuda/web
RUN mkdir -p /runtime
RUN cp -a apps/web/.next/standalone/. /runtime/

# What runs, and nothing else: no pnpm, no sources, no build toolchain. Owned by root and run as
# the node user (1000); the only place Next writes is .next/cache (its fetch and image caches),
# which a read-only root filesystem mounts writable (compose: tmpfs; Kubernetes: emptyDir).
FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=build /runtime/ ./
WORKDIR /app/apps/web
RUN mkdir .next/cache && chown 1000:1000 .next/cache
USER 1000
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "server.mjs"]
