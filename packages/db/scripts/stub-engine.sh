#!/bin/sh
# Prisma's CLI only checks that PRISMA_SCHEMA_ENGINE_BINARY exists; nothing here needs the engine.
echo "the native Prisma schema engine is not available offline; see packages/db/README" >&2
exit 1
