import { cn } from '@/lib/cn'

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  return (parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : (parts[0] ?? '?').slice(0, 2)).toLocaleUpperCase()
}

/** A person's picture, or their initials on a colour derived from the name. */
export function Avatar({ name, src, size = 40, className }: { name: string; src?: string | null; size?: number; className?: string }) {
  const hue = [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 0)
  // At 32% lightness white initials keep 4.5:1 on every hue (yellow is the worst case).
  return (
    <span
      data-slot="avatar"
      role="img"
      aria-label={name}
      className={cn('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full font-semibold text-white', className)}
      style={{ width: size, height: size, background: `hsl(${hue} 45% 32%)`, fontSize: size * 0.4 }}
    >
      {src ? <img src={src} alt="" className="h-full w-full object-cover" /> : <span aria-hidden>{initials(name)}</span>}
    </span>
  )
}
