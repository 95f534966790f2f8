/** SWR key of the device list: one entry per signed-in user. */
export const DEVICES_KEY = 'devices'
