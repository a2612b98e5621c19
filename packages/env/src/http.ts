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

/**
 * Whether a request's `Accept-Encoding` takes gzip (RFC 9110, 12.5.3): named, and not with
 * `q=0`. A page of 50 rounds is about 75 kB of JSON and 8 kB gzipped.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  return value.split(",").some((part) => {
    const [coding, ...parameters] = part.toLowerCase().split(";");
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0{0,3})?\s*$/.test(parameter));
    return ["gzip", "x-gzip"].includes(coding!.trim()) && !refused;
  });
}
