import type { SVGProps } from 'react'

type P = SVGProps<SVGSVGElement>
/** Small (16 px) icons of the actions inside cards: like, dislike, lock, up, pin, hide. */
const base = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  className: 'h-4 w-4',
} as const

export const IconThumbUp = (p: P) => (
  <svg {...base} {...p}>
    <path d="M7 10v11M15 5.9L14 10h5.8a2 2 0 0 1 2 2.3l-1.4 7A2 2 0 0 1 18.4 21H7V10l4-8a3 3 0 0 1 4 3.9z" />
    <path d="M3 10h4v11H3z" />
  </svg>
)
export const IconThumbDown = (p: P) => (
  <svg {...base} {...p}>
    <path d="M17 14V3M9 18.1L10 14H4.2a2 2 0 0 1-2-2.3l1.4-7A2 2 0 0 1 5.6 3H17v11l-4 8a3 3 0 0 1-4-3.9z" />
    <path d="M21 14h-4V3h4z" />
  </svg>
)
export const IconLock = (p: P) => (
  <svg {...base} {...p}>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
)
export const IconArrowUp = (p: P) => (
  <svg {...base} {...p}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </svg>
)
export const IconPin = (p: P) => (
  <svg {...base} {...p}>
    <path d="M12 17v5M9 3h6l-1 7 4 4H6l4-4z" />
  </svg>
)
export const IconEyeOff = (p: P) => (
  <svg {...base} {...p}>
    <path d="M3 3l18 18M10.6 10.6a2 2 0 0 0 2.8 2.8M9.9 5.1A10 10 0 0 1 12 5c6 0 10 7 10 7a17 17 0 0 1-3.2 3.9M6.6 6.6A17 17 0 0 0 2 12s4 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
  </svg>
)
