import { answerSchema, api } from './api'

/** GET /api/v202305/apk/get: where the Android app is downloaded from; a 404 when the server has none. */
export async function getApkLink(): Promise<string> {
  return (await api.get('/api/v202305/apk/get', undefined, answerSchema('payments', 'apkResponse'))).data.url
}
