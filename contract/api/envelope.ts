import { z } from 'zod'

export const errorEnvelope = z
  .object({
    status: z.literal(false),
    status_code: z.number().int(),
    message: z.string(),
  })
  .meta({ id: 'Error' })
export type ErrorEnvelope = z.infer<typeof errorEnvelope>

export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(true), data })
}

export const statusOnly = z.object({ status: z.literal(true), data: z.object({}).passthrough().optional() })

/** Query/form booleans: `1`, `0`, `true`, `false`. */
export const flag = z.union([z.boolean(), z.enum(['1', '0', 'true', 'false'])]).transform((v) => v === true || v === '1' || v === 'true')

/** An answer the caller does not read (the sign-out ends the session whatever the server says). */
export const anyAnswer = z.unknown()
