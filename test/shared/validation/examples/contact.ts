import type { Examples, MessageCase } from '../helpers'

export const contactExamples: Examples = {
  email: [
    {
      valid: ['info@soei-kensetsu.co.jp', 'a.b+tag@example.com', 'taro..yamada@docomo.ne.jp', '.taro.@ezweb.ne.jp', 'x@xn--eckwd4c7c.xn--zckzah', `${'a'.repeat(64)}@example.com`],
      invalid: [
        'info@localhost',
        'info＠example.com',
        'info@例え.jp',
        'info@example.com\n',
        ' info@example.com',
        'info@@example.com',
        'info@-example.com',
        'info@example-.com',
        'info@example..com',
        '@example.com',
        'info@',
        `${'a'.repeat(65)}@example.com`,
        `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(62)}`,
        'info@exa mple.com',
      ],
    },
  ],
  phone: [
    {
      valid: ['+81-3-1234-5678', '+81 3-1234-5678', '+81 3 1234 5678', '03 1234 5678', '03-1234-5678', '09012345678', '090-1234-5678', '0312345678', '+8190-1234-5678', '+1-212-555-0100', '0120-123-456', '+81312345678'],
      invalid: ['3-1234-5678', '03-1234-56', '０３-1234-5678', '03  1234 5678', '03- 1234-5678', '+81 -3-1234-5678', '(03)1234-5678', '+1234-3-1234-5678', '03-1234-5678\n', '03--1234-5678', '+-3-1234-5678', '03-12345-5678', '+81'],
    },
  ],
  localPhone: [
    { valid: ['03-1234-5678', '0312345678', '090-1234-5678', '0120-12-3456'], invalid: ['+81-3-1234-5678', '3-1234-5678', '0120-123-456', '03-1234-567', '０３-1234-5678', '03-1234-5678\n'] },
  ],
  fax: [{ valid: ['03-1234-5679', '+81-3-1234-5679'], invalid: ['fax 03-1234-5679', '1234'] }],
  postalCode: [{ valid: ['123-4567', '1234567'], invalid: ['123-456', '12-34567', '12345678', '１２３-４５６７', '123ー4567', '〒123-4567', '123-4567\n', '1234-567'] }],
}

export const contactMessages: MessageCase[] = [
  { id: 'email', value: 'x', ja: 'メールアドレスの形式が正しくありません。', en: 'Check Email.' },
  { id: 'phone', value: 'x', ja: '電話番号の形式が正しくありません。', en: 'Please enter a phone number such as 03-1234-5678 or +81 3-1234-5678.' },
  { id: 'localPhone', value: 'x', ja: '0から始まる国内の電話番号を入力してください。', en: 'Please enter a domestic phone number starting with 0.' },
  { id: 'fax', value: 'x', ja: 'FAX番号の形式が正しくありません。', en: 'Please enter a valid fax number.' },
  { id: 'postalCode', value: 'x', ja: '郵便番号は7桁の数字で入力してください（例: 123-4567）。', en: 'Please enter a 7-digit postal code (e.g. 123-4567).' },
]
