import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const html = "text/html; charset=utf-8";
const css = "text/css; charset=utf-8";
const javascript = "text/javascript; charset=utf-8";
const png = "image/png";

const swaggerUiDir = dirname(
  createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"),
);

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Fuda results feed · API reference</title>
    <link rel="stylesheet" href="/docs/swagger-ui.css" />
    <link rel="icon" type="image/png" href="/docs/favicon-32x32.png" sizes="32x32" />
    <link rel="icon" type="image/png" href="/docs/favicon-16x16.png" sizes="16x16" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/docs/swagger-ui-bundle.js"></script>
    <script src="/docs/swagger-ui-standalone-preset.js"></script>
    <script src="/docs/init.js"></script>
  </body>
</html>
`;

// A file rather than an inline script, so the page works under a strict Content-Security-Policy.
const init = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: "StandaloneLayout",
  });
});
`;

export interface DocsFile {
  contentType: string;
  read: () => Promise<string | Buffer>;
  /** Headers of this file's own, besides the feed's. */
  headers?: Record<string, string>;
}

/**
 * The page's Content-Security-Policy: its scripts are files of this origin (no inline script,
 * so no nonce or hash to keep in step), it reads the OpenAPI document and tries calls on /v1
 * here, and no other site may frame it.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI adds a style element of its own; a style cannot run code.
  "style-src 'self' 'unsafe-inline'",
  // Swagger UI draws its icons and the schema's examples as data: images.
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const ownFiles = new Map<string, DocsFile>([
  [
    "",
    {
      contentType: html,
      read: () => Promise.resolve(page),
      headers: { "Content-Security-Policy": DOCS_CONTENT_SECURITY_POLICY },
    },
  ],
  ["init.js", { contentType: javascript, read: () => Promise.resolve(init) }],
]);

/** Swagger UI's own files we serve, from the installed swagger-ui-dist (never a CDN). */
const swaggerUiFiles = new Map([
  ["swagger-ui.css", css],
  ["swagger-ui-bundle.js", javascript],
  ["swagger-ui-standalone-preset.js", javascript],
  ["favicon-32x32.png", png],
  ["favicon-16x16.png", png],
]);

/**
 * A file of the API reference by its name under /docs/ ("" for the page itself); undefined for
 * any other name, so no requested path ever reaches the file system.
 */
export function docsFile(name: string): DocsFile | undefined {
  const own = ownFiles.get(name);
  if (own !== undefined) return own;
  const contentType = swaggerUiFiles.get(name);
  if (contentType === undefined) return undefined;
  return { contentType, read: () => readFile(join(swaggerUiDir, name)) };
}
