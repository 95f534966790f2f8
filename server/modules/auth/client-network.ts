import ipaddr from 'ipaddr.js'

/**
 * The network a sign-in call comes from, as its limits count it (ADR 0047): an IPv4
 * address as it is, an IPv6 address by its /64 (the block one line or host is given and
 * picks addresses from at will), and an IPv4-mapped IPv6 address as the IPv4 one.
 * Anything that does not read as an address is counted as written.
 */
export function clientNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip
  const address = ipaddr.process(ip)
  if (address.kind() === 'ipv4') return address.toString()
  const v6 = address as ipaddr.IPv6
  return `${new ipaddr.IPv6([...v6.parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`
}
