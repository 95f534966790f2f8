import type { Decorator, Preview } from '@storybook/react-vite'
import { configure } from 'storybook/test'
import { SUPPORTED_LOCALES } from '@contract/constants'
import { isRtlLocale } from '@contract/locale'
import type { Locales } from '@i18n/i18n-types'
import { loadAnswerSchemas } from '@/lib/api'
import { config } from '@/lib/config'
import { i18nState } from '@/lib/locale-switch'
import { applyThemeToDocument, setLocaleState, setTheme, theme, type ThemeName } from '@/stores/theme'
import { installApi, ok, type ApiTable } from '../stories/support/api'
import { AppFrame, createStoryRouter, type StoryRouter } from '../stories/support/app-frame'
import { freezeTime } from '../stories/support/clock'
import { loadStoryLocale, storyLocale } from '../stories/support/i18n'
import { resetStores } from '../stories/support/reset'
import '../src/styles.css'
// Numbers as a page shows them once the phone-number metadata has loaded (src/lib/phone-display.ts).
import '@/lib/phone'

/** Calls every signed-in screen may make; a story's `parameters.api` adds to or replaces these. */
const DEFAULT_API: ApiTable = {
  'GET /api/v6/numcy/balance': ok({ balance: 12 }),
  'GET /api/v202305/apk/get': ok({ url: 'https://downloads.example.com/callerid.apk' }),
}

// As a server with APK_URL says in the page's config: the footer asks for the APK link (mocked above).
config.apkAvailable = true

// As in main.tsx: <html> follows the theme store, so a story that changes the theme (settings) shows it.
applyThemeToDocument()

/** Theme, language and direction as the app sets them: stores, <html> attributes, translations. */
function applyGlobals(locale: Locales, themeName: ThemeName) {
  loadStoryLocale(locale)
  if (theme.themeName !== themeName) setTheme(themeName)
  if (theme.locale !== locale) setLocaleState(locale)
  i18nState.active = locale
  const dark = themeName === 'dark'
  const dir = isRtlLocale(locale) ? 'rtl' : 'ltr'
  const html = document.documentElement
  html.classList.toggle('dark', dark)
  html.style.colorScheme = dark ? 'dark' : 'light'
  html.dir = dir
  html.lang = locale
  document.body.classList.toggle('dark', dark)
  document.body.classList.toggle('rtl', dir === 'rtl')
  document.body.classList.toggle('ltr', dir === 'ltr')
  document.body.classList.remove('skyblue')
}

const withApp: Decorator = (Story, { globals, loaded }) => {
  const locale = storyLocale(globals)
  applyGlobals(locale, globals.theme === 'dark' ? 'dark' : 'light')
  return (
    <AppFrame key={locale} locale={locale} router={loaded.router as StoryRouter | undefined}>
      <Story />
    </AppFrame>
  )
}

// CI runs the stories beside the rest of the suite on two cores: a page that waits for its
// data, or a lazy chunk in the dev server, can take longer than findBy's default 1 s there
// (two stories timed out so in one CI run). Only the wait is longer; no assertion changes.
configure({ asyncUtilTimeout: 5000 })

const preview: Preview = {
  globalTypes: {
    theme: {
      description: 'Colour theme (the `dark` class on <html>)',
      toolbar: {
        title: 'Theme',
        icon: 'contrast',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Language; Arabic and Hebrew turn the page right-to-left',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: SUPPORTED_LOCALES.map((code) => ({ value: code, title: code, right: isRtlLocale(code) ? 'RTL' : undefined })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', locale: 'en' },
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    // axe checks every story after its play function; a violation fails the test. A story
    // with a known, accepted problem can say `a11y: { test: 'todo' }` (reported, not failing).
    a11y: { test: 'error' },
  },
  // The story's router is ready before the first render, so the first paint is the real one.
  loaders: [
    // Answers are checked against the contract's schemas outside production, loaded on first use
    // (src/lib/api.ts): loaded before the story, a check does not hold its play function up.
    () => loadAnswerSchemas(),
    async ({ parameters }) => {
      const router = createStoryRouter(parameters.route as string | undefined)
      await router.load()
      return { router }
    },
  ],
  beforeEach: ({ parameters }) => {
    resetStores()
    const restoreApi = installApi({ ...DEFAULT_API, ...(parameters.api as ApiTable | undefined) })
    const restoreTime = freezeTime()
    return () => {
      restoreTime()
      restoreApi()
    }
  },
  decorators: [withApp],
}

export default preview
