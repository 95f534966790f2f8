import { describe, expect, it } from 'vitest'
import { CLIENT_KIND, clientAddress, qrPayload } from './setup'

const password = 'a-B_c'.repeat(8)

describe('protect your phone: addresses and QR codes', () => {
  it('sends CardDAV clients to /carddav/ and the PhoneBlock apps to /phoneblock/api/', () => {
    expect(clientAddress('iphone', 'https://callerid.example')).toBe('https://callerid.example/carddav/')
    expect(clientAddress('davx5', 'https://callerid.example')).toBe('https://callerid.example/carddav/')
    expect(clientAddress('fritzbox', 'https://callerid.example')).toBe('https://callerid.example/carddav/')
    expect(clientAddress('app', 'https://callerid.example')).toBe('https://callerid.example/phoneblock/api/')
  })

  it('gives each client the kind of password it needs', () => {
    expect(CLIENT_KIND).toEqual({ iphone: 'phone', davx5: 'phone', app: 'app', fritzbox: 'router' })
  })

  it('gives DAVx⁵ a carddav(s):// address with the user name and password it fills in', () => {
    expect(qrPayload('davx5', { address: 'https://callerid.example/carddav/', user: '4915112345678', password })).toBe(
      `carddavs://4915112345678:${password}@callerid.example/carddav/`,
    )
    const plain = qrPayload('davx5', { address: 'http://127.0.0.1:3100/carddav/', user: 'a:b', password: 'p@ss' })
    expect(plain).toBe('carddav://a%3Ab:p%40ss@127.0.0.1:3100/carddav/')
    // Read back as DAVx⁵ reads it: the user info holds both, each decoded.
    const url = new URL(plain.replace(/^carddav:/, 'http:'))
    expect([decodeURIComponent(url.username), decodeURIComponent(url.password), url.pathname]).toEqual(['a:b', 'p@ss', '/carddav/'])
  })

  it('gives the others the address, user name and password, one per line', () => {
    expect(qrPayload('fritzbox', { address: 'https://callerid.example/carddav/', user: '4915112345678', password })).toBe(
      `https://callerid.example/carddav/\n4915112345678\n${password}`,
    )
  })
})
