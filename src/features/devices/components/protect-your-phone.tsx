import useSWR from 'swr'
import { useI18nContext } from '@i18n/i18n-react'
import { ROUTER_DEFAULT_MAX_ENTRIES } from '@contract/api/device'
import { Card } from '@/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { listDevices } from '../api/list-devices'
import { DEVICES_KEY } from '../keys'
import { ClientSetup } from './client-setup'
import { DeviceList } from './device-list'

type Platform = 'iphone' | 'android' | 'fritzbox'
/** Product names: the same in every language. */
const PLATFORM_NAMES: Record<Platform, string> = { iphone: 'iPhone', android: 'Android', fritzbox: 'Fritz!Box' }

/**
 * Settings → "Protect your phone" (DESIGN.md section 10): how to point an iPhone, an Android
 * phone (DAVx⁵, or SpamBlocker and PhoneBlock's app) and a Fritz!Box at this server, each with
 * the address, the user name and a new device password; then the devices, to revoke one.
 */
export function ProtectYourPhone() {
  const { LL } = useI18nContext()
  const list = useSWR(DEVICES_KEY, listDevices)
  const user = list.data?.user ?? null
  const d = LL.devices
  return (
    <>
      <p className="text-muted">{d.intro()}</p>
      <Card>
        <Tabs defaultValue="iphone" className="flex flex-col gap-5">
          <TabsList aria-label={d.platforms()} className="self-start">
            {(Object.keys(PLATFORM_NAMES) as Platform[]).map((p) => (
              <TabsTrigger key={p} value={p}>
                {PLATFORM_NAMES[p]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="iphone">
            <ClientSetup
              client="iphone"
              title={PLATFORM_NAMES.iphone}
              steps={[d.iphoneStep1(), d.iphoneStep2(), d.iphoneStep3()]}
              user={user}
            />
          </TabsContent>
          <TabsContent value="android" className="flex flex-col gap-6">
            <p>{d.androidIntro()}</p>
            <ClientSetup client="davx5" title="DAVx⁵" steps={[d.davx5Step1(), d.davx5Step2(), d.davx5Step3()]} user={user} />
            <hr className="border-border" />
            <ClientSetup client="app" title={d.appTitle()} steps={[d.appStep1(), d.appStep2()]} user={user} />
          </TabsContent>
          <TabsContent value="fritzbox">
            <ClientSetup
              client="fritzbox"
              title={PLATFORM_NAMES.fritzbox}
              steps={[d.fritzStep1(), d.fritzStep2(), d.fritzStep3()]}
              note={<p className="text-sm text-muted">{d.fritzLimit({ count: ROUTER_DEFAULT_MAX_ENTRIES })}</p>}
              user={user}
            />
          </TabsContent>
        </Tabs>
      </Card>
      <DeviceList list={list} />
    </>
  )
}
