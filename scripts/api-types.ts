import { writeFileSync } from 'node:fs'
import { generateApiTypes, SCHEMA_FILE } from '../tests/api-client/generate'

// npm run api:types: regenerates tests/api-client/schema.ts from the API's OpenAPI document.
writeFileSync(SCHEMA_FILE, await generateApiTypes())
console.info(`Wrote ${SCHEMA_FILE}`)
