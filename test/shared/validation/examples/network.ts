import type { Examples, MessageCase } from '../helpers'

export const networkExamples: Examples = {
  domain: [
    {
      valid: ['example.com', 'soei-kensetsu.co.jp', 'a.b.c.d.example', 'xn--eckwd4c7c.xn--zckzah', 'EXAMPLE.COM', `${'a'.repeat(63)}.com`],
      invalid: ['localhost', '例え.jp', '-example.com', 'example-.com', 'example..com', '.example.com', 'example.com.', 'example.c', 'example.123', 'exa_mple.com', 'example.com\n', `${'a'.repeat(64)}.com`, `${'a.'.repeat(126)}com`, 'https://example.com'],
    },
  ],
  ipv4: [
    { valid: ['0.0.0.0', '192.168.0.1', '255.255.255.255', '8.8.8.8'], invalid: ['256.0.0.1', '192.168.0', '192.168.0.1.1', '01.2.3.4', '1.2.3.04', '１.2.3.4', '192.168.0.1\n', ' 1.2.3.4', '1.2.3.-4', '2130706433', '::1', '1..2.3'] },
  ],
  ipv6: [
    {
      valid: ['2001:0db8:0000:0000:0000:ff00:0042:8329', '2001:db8:0:0:0:ff00:42:8329', 'FE80:0:0:0:0:0:0:1', '0:0:0:0:0:0:0:1'],
      invalid: ['::1', '2001:db8::ff00:42:8329', '2001:db8:0:0:0:ff00:42', '2001:db8:0:0:0:ff00:42:8329:1', '2001:db8:0:0:0:ff00:42:83290', 'g001:db8:0:0:0:ff00:42:8329', '0:0:0:0:0:ffff:192.168.0.1', '2001:db8:0:0:0:ff00:42:8329\n', '[2001:db8:0:0:0:ff00:42:8329]', 'fe80:0:0:0:0:0:0:1%eth0'],
    },
  ],
  macAddress: [{ valid: ['00:1A:2B:3C:4D:5E', 'ff:ff:ff:ff:ff:ff'], invalid: ['00-1A-2B-3C-4D-5E', '001A.2B3C.4D5E', '00:1A:2B:3C:4D', '00:1A:2B:3C:4D:5E:6F', '0:1A:2B:3C:4D:5E', '00:1A:2B:3C:4D:5G', '00:1A:2B:3C:4D:5E\n'] }],
  notLocalIp: [
    {
      // Other text passes: notLocalIp only refuses addresses it recognises as local.
      valid: ['8.8.8.8', '172.15.255.255', '172.32.0.1', '192.169.0.1', '169.255.0.1', '100.64.0.1', '2001:db8::1', '2001:db8:0:0:0:0:0:1', 'fec0::1', '::ffff:8.8.8.8', 'example.com', '2130706433'],
      invalid: [
        '127.0.0.1',
        '127.255.255.254',
        '10.0.0.1',
        '172.16.0.1',
        '172.31.255.255',
        '192.168.1.1',
        '169.254.169.254',
        '0.0.0.0',
        '::1',
        '0:0:0:0:0:0:0:1',
        '::',
        'fe80::1',
        'FE80:0:0:0:0:0:0:1',
        'febf::1',
        'fc00::1',
        'fd12:3456:789a:1::1',
        '::ffff:127.0.0.1',
        '0:0:0:0:0:ffff:c0a8:0101',
        '::ffff:10.1.2.3',
      ],
    },
  ],
}

export const networkMessages: MessageCase[] = [
  { id: 'domain', value: 'x', ja: 'ドメイン名の形式が正しくありません。', en: 'Please enter a valid domain name.' },
  { id: 'ipv4', value: 'x', ja: 'IPアドレスの形式が正しくありません。', en: 'Check IP Address' },
  { id: 'ipv6', value: '::1', ja: 'IPアドレスの形式が正しくありません。', en: 'Check IP Address' },
  { id: 'macAddress', value: 'x', ja: 'MACアドレスは2桁ずつコロンで区切った6組で入力してください（例: 00:1A:2B:3C:4D:5E）。', en: 'Please enter a MAC address as six colon-separated pairs (e.g. 00:1A:2B:3C:4D:5E).' },
  { id: 'notLocalIp', value: '127.0.0.1', ja: 'ローカルIPアドレスは指定できません。', en: 'The local IP address is specified' },
]
