import { TRPCError } from "@trpc/server";

/** The error a call is refused with: its tRPC code and message. */
export async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("the call was not refused");
}
