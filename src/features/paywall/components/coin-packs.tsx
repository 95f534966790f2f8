import { useId } from 'react'
import { useI18nContext } from '@i18n/i18n-react'
import type { ProductsData } from '@contract/api/payments'
import { Card, CardTitle } from '@/components/ui/card'
import { IconCoin } from '@/components/layout/icons'
import { BuyButtons } from './buy-buttons'

/** The coin packs of /paywall/numcy, each with its price and buy button. */
export function CoinPacks({ catalogue, canBuy }: { catalogue: ProductsData; canBuy: boolean }) {
  const { LL } = useI18nContext()
  const id = useId()
  const packs = catalogue.products.filter((p) => p.kind === 'pack')
  const buyable = canBuy && catalogue.providers.length > 0
  return (
    <Card className="flex flex-col gap-4">
      <CardTitle>{LL.paywall.packs()}</CardTitle>
      <ul className="grid gap-4 wide:grid-cols-3">
        {packs.map((p) => (
          <li key={p.id}>
            <section
              aria-labelledby={`${id}-${p.id}`}
              className="flex h-full flex-col gap-3 rounded-xl border border-border p-4"
              data-testid={`pack-${p.id}`}
            >
              <h3 id={`${id}-${p.id}`} className="flex items-center gap-2 text-lg font-semibold">
                <IconCoin className="h-5 w-5 text-warning" />
                {LL.paywall.packCoins({ count: p.coins ?? 0 })}
              </h3>
              <p className="text-2xl font-bold">{p.priceText}</p>
              {buyable && <BuyButtons product={p} />}
            </section>
          </li>
        ))}
      </ul>
    </Card>
  )
}
