import { proxy } from 'valtio'

/**
 * Settings flags of SPEC.md section 3. Sub-views open and close individually; back
 * closes the most specific open one first.
 */
export const settings = proxy({
  openMainSetting: false,
  openLangSetting: false,
  openThemeChangeSetting: false,
  openPrivacySetting: false,
  openPrivacyFullDelete: false,
  openPaymentAdditionalFunction: false,
  openNotificationSetting: false,
  openDevicesSetting: false,
  newNotice: false,
  newContactName: false,
  commonAcquaintances: false,
  deliverWithoutSound: false,
  privacy: { antispy: false, profileGoing: true },
})

export type SubViewFlag =
  | 'openLangSetting'
  | 'openThemeChangeSetting'
  | 'openPrivacySetting'
  | 'openPrivacyFullDelete'
  | 'openPaymentAdditionalFunction'
  | 'openNotificationSetting'
  | 'openDevicesSetting'

/** Most specific first: full delete lives inside privacy. */
const BACK_ORDER: SubViewFlag[] = [
  'openPrivacyFullDelete',
  'openPrivacySetting',
  'openLangSetting',
  'openThemeChangeSetting',
  'openPaymentAdditionalFunction',
  'openNotificationSetting',
  'openDevicesSetting',
]

export function openSubView(flag: SubViewFlag) {
  settings[flag] = true
}

/** The sub-view on screen: the most specific open one. */
export function currentSubView(state: Pick<typeof settings, SubViewFlag>): SubViewFlag | null {
  return BACK_ORDER.find((flag) => state[flag]) ?? null
}

/** Closes the most specific open sub-view; false when none was open (leave the panel). */
export function settingsBack(): boolean {
  const open = currentSubView(settings)
  if (!open) return false
  settings[open] = false
  return true
}

export function resetSettings() {
  for (const flag of BACK_ORDER) settings[flag] = false
}
