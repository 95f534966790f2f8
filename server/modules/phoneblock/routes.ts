import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { CountryCode } from 'libphonenumber-js'
import { create } from 'xmlbuilder2'
import {
  phoneblockBlocklistQuery,
  phoneblockCheckPrefixQuery,
  phoneblockCheckQuery,
  phoneblockFormatQuery,
  phoneblockNumParams,
  phoneblockRateBody,
} from '../../../contract/api/phoneblock'
import { ERROR_CODES } from '../../../contract/errors'
import { badRequest } from '../../errors'
import type { DeviceCredential } from '../device/repository'
import { assertMayPost, saveComment } from '../comments/repository'
import { upsertNumber } from '../numbers/repository'
import {
  blocklistChanges,
  blocklistVersion,
  communityBlocklist,
  lookUpByE164,
  lookUpBySha1,
  numbersBySha1Prefix,
  rateNumber,
  type BlockEntry,
  type NumberAnswer,
} from '../blocklist/repository'

const JSON_TYPE = 'application/json; charset=utf-8'
const XML_TYPE = 'application/xml; charset=utf-8'

/** Compact JSON (no spaces), in PhoneBlock's field order: clients read `"rating":"G_FRAUD"` with regular expressions. */
const compact = (value: unknown) => JSON.stringify(value)

/** A number's answer as PhoneBlock writes it: `phone` only when the number is known. */
function answerJson(a: NumberAnswer) {
  const { phone, ...rest } = a
  return phone ? { phone, ...rest } : rest
}

function answerXml(a: NumberAnswer): string {
  const attrs: Record<string, string> = {}
  for (const [k, v] of Object.entries(answerJson(a))) if (v !== null) attrs[k] = String(v)
  return create({ version: '1.0', encoding: 'UTF-8' }).ele('phone-info', attrs).end({ prettyPrint: false })
}

function blocklistXml(version: number, entries: BlockEntry[]): string {
  const numbers = create({ version: '1.0', encoding: 'UTF-8' })
    .ele('blocklist', { version: String(version) })
    .ele('numbers')
  for (const e of entries) numbers.ele('phone-info', { phone: e.e164, rating: e.rating, votes: String(e.votes) })
  return numbers.end({ prettyPrint: false })
}

const blocklistJson = (version: number, entries: BlockEntry[]) =>
  compact({ numbers: entries.map((e) => ({ phone: e.e164, rating: e.rating, votes: e.votes })), version })

/**
 * `/phoneblock/api/*`: the API of PhoneBlock (phoneblock.net) as its clients call it (its
 * Android app, SpamBlocker, its dongle), answered from this product's data (DESIGN.md
 * section 10). Every route takes a device password, never a web session, and is rate-limited
 * per device (plugins/rate-limit.ts keys by it). Hashes are SHA-1 of the E.164 number with `+`.
 */
export async function phoneblockRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const device = { config: { deviceAuth: true }, onRequest: app.requireDevice }
  const tags = ['phoneblock']
  const credential = (request: FastifyRequest): DeviceCredential => request.device!

  /** A number in any format (`+49…`, `0049…`, national in the person's region); 400 otherwise. */
  function readNumber(d: DeviceCredential, input: string) {
    const region = (app.phone.identify(d.phone)?.country ?? null) as CountryCode | null
    const phone = app.phone.identify(input, region)
    if (!phone) throw badRequest('phone is not a valid phone number', ERROR_CODES.NUMBER_INVALID)
    return phone
  }

  const sendAnswer = (reply: FastifyReply, a: NumberAnswer, format: 'json' | 'xml' | undefined) =>
    format === 'xml' ? reply.type(XML_TYPE).send(answerXml(a)) : reply.type(JSON_TYPE).send(compact(answerJson(a)))

  // Clients check a credential with this call before saving it.
  app.get('/phoneblock/api/test', { ...device, schema: { tags, summary: 'OK for a valid device password' } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send('OK'),
  )

  r.get(
    '/phoneblock/api/check',
    {
      ...device,
      schema: {
        tags,
        summary:
          'A number by its SHA-1 (hex, of E.164 with +), with the votes of its ranges (prefix10, prefix100: the number without its last one or two digits)',
        querystring: phoneblockCheckQuery,
      },
    },
    async (request, reply) => {
      const { sha1, prefix10, prefix100, format } = request.query
      const d = credential(request)
      const hash = sha1.toLowerCase()
      const range = { prefix10: prefix10?.toLowerCase(), prefix100: prefix100?.toLowerCase() }
      // From the blocklist kept in this process when it can (ADR 0056).
      const answer = app.blocklist.answer(hash, range, d) ?? (await lookUpBySha1(app.db, d.userId, hash, range))
      return sendAnswer(reply, answer, format)
    },
  )

  r.get(
    '/phoneblock/api/num/:phone',
    {
      ...device,
      schema: {
        tags,
        summary: 'A number in any format (read in your region)',
        params: phoneblockNumParams,
        querystring: phoneblockFormatQuery,
      },
    },
    async (request, reply) => {
      const d = credential(request)
      const phone = readNumber(d, request.params.phone)
      return sendAnswer(reply, await lookUpByE164(app.db, d.userId, phone.e164), request.query.format)
    },
  )

  r.get(
    '/phoneblock/api/check-prefix',
    {
      ...device,
      schema: {
        tags,
        summary: 'Every known number whose SHA-1 starts with the 4 to 40 hex digits given',
        querystring: phoneblockCheckPrefixQuery,
      },
    },
    async (request, reply) => {
      const found = await numbersBySha1Prefix(app.db, request.query.sha1.toLowerCase())
      return reply
        .type(JSON_TYPE)
        .send(compact({ numbers: found.map((n) => ({ sha1: n.sha1, phone: n.e164, votes: n.votes, rating: n.rating, label: n.label })) }))
    },
  )

  r.post(
    '/phoneblock/api/rate',
    {
      ...device,
      schema: {
        tags,
        summary:
          "Your rating of a number: your report, once per number (a new rating replaces yours); shown on its page as evidence. A comment becomes your comment on the number (replacing yours), under the same moderation as the web app's",
        body: phoneblockRateBody,
      },
    },
    async (request, reply) => {
      const d = credential(request)
      const phone = readNumber(d, request.body.phone)
      if (phone.e164 === d.phone) throw badRequest('You cannot rate your own number')
      const numberId = await upsertNumber(app.db, phone.e164, phone.country)
      const comment = request.body.comment
      // A person barred from posting on this number is told so before anything is kept.
      if (comment) await assertMayPost(app.db, d.userId, numberId)
      await rateNumber(app.db, d.userId, numberId, request.body.rating)
      if (comment) await saveComment(app.db, d.userId, numberId, comment)
      return reply.type(JSON_TYPE).send(compact({ phone: phone.e164, rating: request.body.rating }))
    },
  )

  r.get(
    '/phoneblock/api/blocklist',
    {
      ...device,
      schema: {
        tags,
        summary:
          'The community blocklist (votes 4 or more, or index 2 or less); with since, only what changed after that version (votes 0: left the list)',
        querystring: phoneblockBlocklistQuery,
      },
    },
    async (request, reply) => {
      const { since, format } = request.query
      let version: number
      let entries: BlockEntry[]
      if (since === undefined) {
        version = await blocklistVersion(app.db)
        entries = await communityBlocklist(app.db)
      } else {
        ;({ version, entries } = await blocklistChanges(app.db, since))
        if (since > version) throw badRequest(`since is ahead of the current version ${version}`)
      }
      return format === 'xml'
        ? reply.type(XML_TYPE).send(blocklistXml(version, entries))
        : reply.type(JSON_TYPE).send(blocklistJson(version, entries))
    },
  )
}
