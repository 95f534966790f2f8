import { api } from '@/lib/api'

/** POST /api/v6/device/revoke: the device's password stops working at once. */
export async function revokeDevice(id: number) {
  return (await api.post('/api/v6/device/revoke', { id }, () => import('@contract/api/device').then((m) => m.deviceRevokeResponse))).data
}
