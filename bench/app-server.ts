/**
 * The API in its own process(es) for the bench, as `npm start` runs it in production
 * (WEB_CONCURRENCY processes on PostgreSQL), on the database the bench prepared.
 */
import { startServers } from '../server/cluster'

await startServers()
