import { answerSchema, api } from './api'

/**
 * GET /api/v6/payment/products: coin packs and plans priced in the viewer's language, the
 * providers configured, and each tier's limits. Shared by the paywall and the promotion banner.
 */
export async function getProducts(locale: string) {
  return (await api.get('/api/v6/payment/products', { locale }, answerSchema('payments', 'productsResponse'))).data
}
