import { useI18nContext } from '@i18n/i18n-react'
import { usePageTitle } from '@/app/providers'
import { Page } from '@/components/layout/app-shell'

/** A profile by id (SPEC.md section 2); its content arrives with the number-profile issue. */
export function ProfilePage({ profileId }: { profileId: string }) {
  const { LL } = useI18nContext()
  const title = `${LL.profile.title()} ${profileId.replace(/\D/g, '')}`
  usePageTitle(title)
  return <Page title={title} />
}
