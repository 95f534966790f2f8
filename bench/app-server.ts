/**
 * The API in its own process for the bench, as `npm start` runs it in production, on the
 * database the bench prepared (DATABASE_URL or DATA_DIR from the environment).
 */
import { startServer } from '../server/index'

await startServer()
