import type { NextConfig } from "next";

// Validates the environment when `next dev|build|start` loads this file: a bad value stops the
// app at startup with one line instead of failing the first request.
import "./src/env";

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
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
