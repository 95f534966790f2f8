import { answerSchema, api } from '@/lib/api'

/**
 * GET /api/v6/subscription/get, read by the deactivation warning: the end of the paid period
 * of a plan that renews now (deactivating stops its renewal), or null when none does.
 */
export async function getRenewingPlanEnd(): Promise<number | null> {
  const { activeSubscription: plan } = (
    await api.get('/api/v6/subscription/get', { platform: 'web' }, answerSchema('payments', 'subscriptionResponse'))
  ).data
  return plan && plan.status !== 'expired' && plan.autoRenewing ? plan.expiredAt : null
}
