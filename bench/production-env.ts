/**
 * The environment of the real server in the bench (bench/app-server.ts), as `npm start` runs it
 * in production, with what the bench raises as an operator may: the per-user and per-address
 * limits (the bench measures the answers, not the limits) and the background jobs that would
 * write meanwhile switched off. `DATABASE_URL`, `DATA_DIR` and `REDIS_URL` are the caller's.
 */
export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123'

export function productionEnv(port: number, processes = 1): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    JWT_SECRET: BENCH_JWT_SECRET,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Required in production (issue 33): who runs it and its support address.
    SUPPORT_EMAIL: 'support@callerid-bench.org',
    OPERATOR_NAME: 'Bench Ltd',
    OPERATOR_ADDRESS: '1 Bench Street, Testville',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    WEB_CONCURRENCY: String(processes),
    RATE_LIMIT_PER_MINUTE: '100000000',
    CHECK_PREFIX_RATE_LIMIT_PER_MINUTE: '100000000',
    RENEWAL_INTERVAL_MINUTES: '0',
    FOF_EXPIRY_INTERVAL_MINUTES: '0',
    PURGE_INTERVAL_MINUTES: '0',
    DATABASE_URL: '',
    DATA_DIR: '',
    REDIS_URL: '',
  }
}
