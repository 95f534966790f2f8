import { signedIn } from '@/stores/auth'
import { setBalance } from '@/stores/balance'
import { MY_NUMBER } from './fixtures'

/** Signs the story's user in, as a completed sign-in would, with a coin balance. */
export function signIn({ coins = 12 }: { coins?: number } = {}) {
  signedIn({ token: 'story-token', phoneNumber: MY_NUMBER, profileId: 7, deviceId: 'story-device', isNewUser: false })
  setBalance(coins)
}
