import { writeFile } from "node:fs/promises";

import { renderSchema, schemaPath } from "./render";

await writeFile(schemaPath, await renderSchema());
console.log(`wrote ${schemaPath}`);
