import { index, rootRoute, route } from '@tanstack/virtual-file-routes'

/** Every route of SPEC.md section 2 in one table; each page lives in its own file under routes/. */
export const routes = rootRoute('root.tsx', [
  index('home.tsx'),
  route('/login', 'login.tsx'),
  route('/search', 'search.tsx'),
  route('/settings', 'settings.tsx'),
  route('/settings/payment', 'settings-payment.tsx'),
  route('/moderation', 'moderation.tsx'),
  route('/payment', 'payment.tsx'),
  route('/payment/numcy', 'payment-numcy.tsx'),
  route('/payment/show', 'payment-show.tsx'),
  route('/payment/dev/$id', 'payment-dev.tsx'),
  route('/paywall', 'paywall.tsx'),
  route('/paywall/numcy', 'paywall-numcy.tsx'),
  route('/not-authorized', 'not-authorized.tsx'),
  route('/legal/$page', 'legal.tsx'),
  route('/key/$key', 'key.tsx'),
  route('/number/my', 'number-my.tsx'),
  route('/number/not-found', 'number-not-found.tsx'),
  route('/number/empty', 'number-empty.tsx'),
  route('/number/$phoneNumber', 'number.tsx'),
  route('/profile-no-check/$phoneNumber', 'profile-no-check-number.tsx'),
  route('/profile_no_check/$profileId', 'profile-no-check-id.tsx'),
  route('/profile/$profileId', 'profile.tsx'),
  route('/$lang', 'lang.tsx'),
  route('/$lang/$', 'lang-splat.tsx'),
])
