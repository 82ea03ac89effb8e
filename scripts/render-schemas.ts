import { writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { toJsonSchema } from '@valibot/to-json-schema'
import { JdOutputSchema } from '../src/parser/jd-output.js'
import { ResumeOutputSchema } from '../src/parser/resume-output.js'

/** The JSON Schema files of the parser outputs in docs/, rendered from their valibot schemas. */
export function renderSchemas(): Record<string, string> {
  const render = (schema: Parameters<typeof toJsonSchema>[0], title: string, id: string) =>
    JSON.stringify({ $id: id, title, ...toJsonSchema(schema, { target: 'draft-2020-12' }) }, null, 2) + '\n'
  return {
    'resume-output-8.schema.json': render(ResumeOutputSchema, 'Resume parser output, version 8', 'resume-output-8.schema.json'),
    'jd-output-3.schema.json': render(JdOutputSchema, 'JD parser output, version 3', 'jd-output-3.schema.json'),
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const [name, text] of Object.entries(renderSchemas())) writeFileSync(new URL(`../docs/${name}`, import.meta.url), text)
}
