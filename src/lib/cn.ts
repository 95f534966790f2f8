import { clsx, type ClassValue } from 'clsx'
import { createTailwindMerge, getDefaultConfig, type Config } from 'tailwind-merge'

/**
 * The tailwind-merge class groups the app's classes belong to (`src/lib/cn.test.ts` finds them
 * in the source and fails, naming the groups, when this list is not exactly that). The full
 * set has about 380 groups, and building its class map was 0.1–0.2 s of a number page's main
 * thread on a throttled phone; with only these the merge is the same for every class we use.
 */
export const CLASS_GROUPS = [
  'accent',
  'align-items',
  'align-self',
  'animate',
  'appearance',
  'backdrop-blur',
  'bg-color',
  'border-color',
  'border-color-b',
  'border-color-s',
  'border-color-t',
  'border-style',
  'border-w',
  'border-w-b',
  'border-w-s',
  'border-w-t',
  'bottom',
  'break',
  'col-start-end',
  'cursor',
  'display',
  'divide-color',
  'divide-y',
  'end',
  'flex',
  'flex-direction',
  'flex-wrap',
  'font-family',
  'font-size',
  'font-weight',
  'fvn-spacing',
  'gap',
  'gap-x',
  'gap-y',
  'grid-cols',
  'h',
  'inset',
  'inset-x',
  'justify-content',
  'justify-self',
  'leading',
  'line-clamp',
  'list-style-type',
  'm',
  'max-h',
  'max-w',
  'mb',
  'me',
  'min-h',
  'min-w',
  'ms',
  'mt',
  'mx',
  'my',
  'object-fit',
  'opacity',
  'outline-color',
  'outline-offset',
  'outline-style',
  'outline-w',
  'overflow',
  'overflow-x',
  'overflow-y',
  'p',
  'pb',
  'pe',
  'pointer-events',
  'position',
  'ps',
  'pt',
  'px',
  'py',
  'resize',
  'rounded',
  'scale-x',
  'select',
  'shadow',
  'shadow-color',
  'shrink',
  'sr',
  'start',
  'text-alignment',
  'text-color',
  'text-decoration',
  'text-overflow',
  'top',
  'tracking',
  'transition',
  'translate-x',
  'translate-y',
  'underline-offset',
  'vertical-align',
  'visibility',
  'w',
  'whitespace',
  'z',
] as const

/** Only some of the default's class groups: keyed by any string, as tailwind-merge's own AnyConfig. */
type MergeConfig = Config<string, string>
let mergeConfig: MergeConfig | undefined

/**
 * Builds the merge's configuration (tailwind-merge's default, then only our groups), once. The
 * warm-up (lib/warm-up.ts) calls it in a task of its own, before the first merge builds the class
 * map in the next: together they were one task of 50–60 ms on a slow phone (issue 13).
 */
export function prepareMerge(): void {
  if (mergeConfig) return
  const config = getDefaultConfig()
  const used = new Set<string>(CLASS_GROUPS)
  mergeConfig = { ...config, classGroups: Object.fromEntries(Object.entries(config.classGroups).filter(([group]) => used.has(group))) }
}

const twMerge = createTailwindMerge(() => {
  prepareMerge()
  return mergeConfig!
})

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}
