/** What `parseStreamData` needs of a schema: zod's and zod/mini's both have it. */
interface StreamSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/**
 * One server-sent event's `data:` as `schema` reads it, or undefined for anything else (another
 * event's data, a newer API's shape): a page keeps what it shows rather than breaking.
 */
export function parseStreamData<T>(data: string, schema: StreamSchema<T>): T | undefined {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
