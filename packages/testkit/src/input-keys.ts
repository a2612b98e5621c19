/** A zod 4 schema as far as a walk over procedures' inputs reads it. */
export interface WalkedSchema {
  _zod?: {
    def: { type: string; shape?: Record<string, unknown>; innerType?: unknown; in?: unknown };
  };
}

/**
 * The keys of an input schema's object, under its wrappers (optional, default, nullable, pipe):
 * what the IDOR walks (apps/*\/test/idor.test.ts) look at to find the ids a procedure takes.
 */
export function inputKeys(schema: WalkedSchema | undefined): string[] {
  let at = schema;
  while (at?._zod !== undefined) {
    const def = at._zod.def;
    if (def.type === "object") return Object.keys(def.shape ?? {});
    at = (def.innerType ?? def.in) as WalkedSchema | undefined;
  }
  return [];
}
