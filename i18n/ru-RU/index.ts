import type { Translation } from '../i18n-types'
import ru from '../ru'

/** Russian for Russia: the international Russian text with Russian example numbers. */
const ru_RU = {
  ...ru,
  login: { ...ru.login, devPhonePlaceholder: '+7 495 123-45-67' },
  search: { ...ru.search, placeholder: '+7 912 345-67-89' },
} satisfies Translation

export default ru_RU
