import { QRCodeSVG } from 'qrcode.react'

/** A QR code of this site's address (SPEC.md section 2, size 90). */
export default function SiteQrCode({ size, label }: { size: number; label: string }) {
  return <QRCodeSVG value={window.location.origin} size={size} title={label} role="img" aria-label={label} />
}
