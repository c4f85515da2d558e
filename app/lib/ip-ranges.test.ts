import { describe, expect, it } from 'vitest'
import { blockedAddressReason, hostPortKey, isLoopbackAddress, parseAllowedHosts, parseIPv6 } from './ip-ranges'

describe('blockedAddressReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['10.0.0.0', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['[::1]', 'loopback'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:a00:1', 'private'],
    ['::127.0.0.1', 'reserved'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'link-local'],
    ['localhost', 'invalid'],
    ['1.2.3', 'invalid'],
    ['256.1.1.1', 'invalid'],
    ['01.2.3.4', 'invalid'],
    ['1::2::3', 'invalid'],
    ['', 'invalid'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(blockedAddressReason(address)).toBe(reason)
  })

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '169.253.255.255',
    '11.0.0.1',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
    'fbff::1',
    'fe00::1',
  ])('lets public %s through', (address) => {
    expect(blockedAddressReason(address)).toBeNull()
  })
})

describe('isLoopbackAddress (the dev mailbox answers only this machine)', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '[::1]'])('%s is this machine', (a) => {
    expect(isLoopbackAddress(a)).toBe(true)
  })
  it.each([
    '10.0.0.1',
    '192.0.2.2',
    '0.0.0.0',
    '::',
    '::ffff:10.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    'localhost',
    '',
    undefined,
    null,
  ])('%s is not', (a) => {
    expect(isLoopbackAddress(a)).toBe(false)
  })
})

describe('parseIPv6', () => {
  it('expands :: and an IPv4 tail', () => {
    expect(parseIPv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 1, 2, 3, 4])
    expect(parseIPv6('1:2:3:4:5:6:7:8')?.slice(14)).toEqual([0, 8])
    expect(parseIPv6('1:2:3:4:5:6:7')).toBeNull()
    expect(parseIPv6('1:2:3:4:5:6:7:8:9')).toBeNull()
    expect(parseIPv6('::12345')).toBeNull()
  })
})

describe('WEBHOOK_ALLOWED_HOSTS', () => {
  it('matches host and port, default ports filled in, case-insensitive', () => {
    const allowed = parseAllowedHosts(' 127.0.0.1:4567, Hooks.Internal:443 ,[::1]:8080,')
    expect([...allowed]).toEqual(['127.0.0.1:4567', 'hooks.internal:443', '::1:8080'])
    expect(allowed.has(hostPortKey(new URL('http://127.0.0.1:4567/x')))).toBe(true)
    expect(allowed.has(hostPortKey(new URL('http://127.0.0.1:4568/x')))).toBe(false)
    expect(allowed.has(hostPortKey(new URL('https://hooks.internal/in')))).toBe(true)
    expect(allowed.has(hostPortKey(new URL('http://hooks.internal/in')))).toBe(false)
    expect(allowed.has(hostPortKey(new URL('http://[::1]:8080/')))).toBe(true)
    expect(parseAllowedHosts('').size).toBe(0)
    expect(parseAllowedHosts(undefined).size).toBe(0)
  })
})
