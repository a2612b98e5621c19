import type { Actor } from "../src";

/** An operator who signed in just now (no step-up asked), as the portal's calls come. */
export const operator = {
  kind: "operator",
  userId: "op-1",
  role: "operator",
  signedInAt: Date.now(),
} satisfies Actor;
