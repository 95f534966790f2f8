import { api } from '@/lib/api'

/** GET /api/v6/device/list: the person's device passwords (never the passwords themselves) and the user name to type. */
export async function listDevices() {
  return (await api.get('/api/v6/device/list', undefined, () => import('@contract/api/device').then((m) => m.deviceListResponse))).data
}
