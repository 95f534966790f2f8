import type { DeviceKind } from '@contract/api/device'
import { api } from '@/lib/api'

/** POST /api/v6/device/add: a new device password; this answer is the only time it is seen. */
export async function addDevice(name: string, kind: DeviceKind) {
  return (await api.post('/api/v6/device/add', { name, kind }, () => import('@contract/api/device').then((m) => m.deviceAddResponse))).data
}
