/**
 * The path of an HTTP request target, decoded by the WHATWG URL parser against a fixed origin,
 * or undefined when the target is not a path at all (`*`, `http://…`) or does not parse. Our
 * servers read their route from this, never from `new URL(req.url, base)`: that resolves
 * `//host:port/…` as another origin and throws on `//[`.
 */
export function requestPath(
  target: string | undefined,
): { path: string; search: string } | undefined {
  if (target?.startsWith("/") !== true) return undefined;
  try {
    const url = new URL(`http://request.invalid${target}`);
    return { path: url.pathname, search: url.search };
  } catch {
    return undefined;
  }
}
