import type { NextConfig } from "next";

// Validates the environment when `next dev|build|start` loads this file: a bad value stops the
// app at startup with one line instead of failing the first request.
import "./src/env";

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Only the files the server needs, traced into .next/standalone; `pnpm build` adds the
  // server itself (scripts/server.ts) there, and the image holds that folder alone.
  output: "standalone",
  // `tsc --noEmit` checks the app (`pnpm typecheck`, CI's first step): the build does not check
  // it again, which was half of a cold build (22 s of 45 s on 2 cores).
  typescript: { ignoreBuildErrors: true },
  transpilePackages: [
    "@fuda/api",
    "@fuda/auth",
    "@fuda/env",
    "@fuda/live",
    "@fuda/rules",
    "@fuda/shoe",
    "@fuda/ui",
  ],
};

export default config;
