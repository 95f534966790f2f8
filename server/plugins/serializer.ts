import { isDeepStrictEqual } from 'node:util'
import type { FastifySerializerCompiler } from 'fastify/types/schema'
import { ResponseSerializationError } from 'fastify-type-provider-zod'
import { z } from 'zod'

type Schema = z.ZodType | { properties: z.ZodType }

const zodSchemaOf = (schema: Schema): z.ZodType => (schema instanceof z.ZodType ? schema : schema.properties)

/**
 * How every answer becomes JSON (ADR 0029). In production: `JSON.stringify` alone. Checking
 * each answer against its zod schema cost about a seventh of the server's CPU on a search.
 * Everywhere else (tests, development): the answer is checked against its schema and
 * must equal what the schema would send (no field the schema would strip or change), so
 * a test fails on any answer production would send differently; then the same
 * `JSON.stringify` text as in production is sent.
 */
export function responseSerializerCompiler(opts: { checked: boolean }): FastifySerializerCompiler<Schema> {
  return ({ schema, method, url }) => {
    if (!opts.checked) return (data) => JSON.stringify(data)
    const zodSchema = zodSchemaOf(schema)
    return (data) => {
      const result = z.safeEncode(zodSchema, data)
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error })
      const sent = JSON.stringify(data)
      const encoded = JSON.stringify(result.data)
      if (sent !== encoded && !isDeepStrictEqual(JSON.parse(sent), JSON.parse(encoded))) {
        throw new Error(
          `${method} ${url}: the answer is not what its schema would send (a field it would strip or change): ${firstDifference(JSON.parse(sent), JSON.parse(encoded))}`,
        )
      }
      return sent
    }
  }
}

/** The path of the first place where two JSON values differ, for the error message. */
function firstDifference(a: unknown, b: unknown, path = '$'): string {
  if (isDeepStrictEqual(a, b)) return ''
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`)
      if (found) return found
    }
  }
  return `${path}: ${JSON.stringify(a)?.slice(0, 80)} sent, ${JSON.stringify(b)?.slice(0, 80)} by the schema`
}
