/**
 * A shape where text or a control will be, while it loads: its height and width are classes
 * (`h-4 w-2/3`). The server's first paint is drawn with it (app/server-frame).
 */
export function SkeletonBar({ className }: { className: string }) {
  return <div className={`${className} rounded-lg bg-surface-2`} />
}
