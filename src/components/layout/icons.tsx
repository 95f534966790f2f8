import type { SVGProps } from 'react'

/**
 * The header's icons. Those of pages, menus and dialogs are in page-icons.tsx: a chunk takes every
 * icon of a module it holds, and the header's would carry them all before the first render.
 */
export type IconProps = SVGProps<SVGSVGElement>
type P = IconProps
export const iconBase = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  viewBox: '0 0 24 24',
  'aria-hidden': true,
} as const

export const Logo = (p: P) => (
  <svg viewBox="0 0 32 32" aria-hidden {...p}>
    <rect width="32" height="32" rx="9" fill="var(--color-primary)" />
    <path
      d="M11.6 8.5c.5-.5 1.3-.5 1.8.1l1.9 2.4c.4.5.4 1.2 0 1.7l-1.2 1.4a10.6 10.6 0 0 0 4 4l1.4-1.2c.5-.4 1.2-.4 1.7 0l2.4 1.9c.6.5.6 1.3.1 1.8l-1.4 1.4c-.8.8-2 1.1-3.1.7A17 17 0 0 1 9.4 13c-.4-1.1-.1-2.3.7-3.1z"
      fill="var(--color-primary-fg)"
    />
  </svg>
)
export const IconBack = (p: P) => (
  <svg {...iconBase} {...p}>
    <path d="M15 18l-6-6 6-6" />
  </svg>
)
export const IconSettings = (p: P) => (
  <svg {...iconBase} {...p}>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </svg>
)
export const IconUser = (p: P) => (
  <svg {...iconBase} {...p}>
    <path d="M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2" />
    <circle cx="12" cy="7" r="4" />
  </svg>
)
export const IconWallet = (p: P) => (
  <svg {...iconBase} {...p}>
    <path d="M20 12V8H6a2 2 0 0 1 0-4h12v4" />
    <path d="M4 6v12a2 2 0 0 0 2 2h14v-4" />
    <path d="M18 12a2 2 0 0 0 0 4h4v-4z" />
  </svg>
)
export const IconMore = (p: P) => (
  <svg {...iconBase} {...p}>
    <circle cx="12" cy="5" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="12" cy="19" r="1" />
  </svg>
)
export const IconBell = (p: P) => (
  <svg {...iconBase} {...p}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
)
export const IconCoin = (p: P) => (
  <svg {...iconBase} {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M14.5 9.5A2.5 2.5 0 0 0 12 8h-.5a2 2 0 0 0 0 4h1a2 2 0 0 1 0 4H12a2.5 2.5 0 0 1-2.5-1.5M12 6v2M12 16v2" />
  </svg>
)
