/** SWR keys of the settings' server data: one entry per signed-in user. */
export const NOTIFICATION_SETTINGS_KEY = 'notification-settings'
export const LEDGER_PAGE_SIZE = 20
export const ledgerKey = (offset: number) => ['ledger', offset] as const
