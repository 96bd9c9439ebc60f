import type { Examples, MessageCase } from '../helpers'

export const identifierExamples: Examples = {
  corporateNumber: [{ valid: ['1234567890123', '0000000000000', 1234567890123], invalid: ['123456789012', '12345678901234', '１２３４５６７８９０１２３', '1234-5678-9012', '1234567890123\n', 'T1234567890123', 1.2345678901234e13] }],
  invoiceNumber: [{ valid: ['T1234567890123'], invalid: ['1234567890123', 't1234567890123', 'Ｔ1234567890123', 'T123456789012', 'T12345678901234', 'T-1234567890123', 'T1234567890123\n', 'T１２３４５６７８９０１２３'] }],
  slug: [{ valid: ['about-us', 'news_2024', 'A1'], invalid: ['about us', 'about/us', 'about.us', 'アバウト', 'ａｂｏｕｔ', 'about\n', 'about%20us'] }],
  url: [
    {
      valid: ['https://soei-kensetsu.co.jp/', 'http://example.com', 'https://example.com:8443/a/b?c=d#e', 'https://localhost/', 'HTTPS://EXAMPLE.COM', 'https://例え.jp/'],
      invalid: ['example.com', 'ftp://example.com', 'javascript:alert(1)', 'https://', 'https:example.com', 'https://exa mple.com', 'https://example.com\n', 'https://example.com/a\tb', ' https://example.com', 'https://example.com ', '//example.com', 'https:///path', 'https://:80/'],
    },
  ],
  filePath: [{ valid: ['images/logo.png', '/var/www/index.html', '../up', 'a_b-c'], invalid: ['images\\logo.png', 'images/ロゴ.png', 'my file.pdf', 'a:b', 'a/b\n', 'a/b?c'] }],
  fileName: [{ valid: ['logo.png', '.htaccess', 'a_b-c.tar.gz'], invalid: ['images/logo.png', 'ロゴ.png', 'my file.pdf', 'a:b', 'logo.png\n'] }],
  iconPath: [{ valid: ['mdi:home', 'material-symbols:arrow_back', 'pi-check'], invalid: ['mdi/home', 'mdi home', 'mdi.home', 'mdi：home', 'mdi:home\n'] }],
  xId: [{ valid: ['soei_kensetsu', 'X123'], invalid: ['@soei', 'soei-kensetsu', 'soei.kensetsu', 'ｓｏｅｉ', 'soei\n'] }],
  facebookId: [{ valid: ['soei.kensetsu', 'soei_kensetsu-1'], invalid: ['soei kensetsu', '@soei', 'soei/kensetsu', 'そえい', 'soei\n'] }],
  instagramId: [{ valid: ['soei.kensetsu', 'soei_1'], invalid: ['soei-kensetsu', '@soei', 'soei kensetsu', 'soei\n'] }],
  lineId: [{ valid: ['soei.kensetsu', 'soei-1_2'], invalid: ['@soei', 'soei kensetsu', 'ソエイ', 'soei\n'] }],
  youtubeChannelId: [{ valid: ['UCabcdefghijklmnopqrstuv', 'UC_x5XG1OV2P6uZZ5FSM9Ttw', 'UC-a'], invalid: ['UC', 'uCabc', 'ucabc', 'XCabc', '@soei', 'UCab cd', 'UCab.cd', 'UCabc\n', 'https://www.youtube.com/channel/UCabc'] }],
  noForbiddenChars: [
    { params: ['[]<>'], valid: ['括弧のない件名', 'Re: hello', '【お知らせ】'], invalid: ['[info] hello', 'a<b', 'b>', '] '] },
    { params: ['𠮷\n'], valid: ['吉野家', '\uD842'], invalid: ['𠮷野家', 'line\n'] },
    // An array of single characters (code points) works like the string of them.
    { params: [['[', ']', '<', '>']], valid: ['括弧のない件名', '【お知らせ】', 'Re: hello', '［全角］＜括弧＞'], invalid: ['[info] hello', 'a<b', 'b>', '] '] },
    { params: [['𠮷', '\n', '\uD842']], valid: ['吉野家', '\uDFB7'], invalid: ['𠮷野家', 'line\n', '\uD842', 'a\uD842b'] },
  ],
}

export const identifierMessages: MessageCase[] = [
  { id: 'corporateNumber', value: '1', ja: '法人番号は13桁の数字で入力してください。', en: 'Please enter the 13-digit corporate number.' },
  { id: 'invoiceNumber', value: '1', ja: '登録番号は「T」と13桁の数字で入力してください。', en: 'Please enter T followed by 13 digits.' },
  { id: 'slug', value: ' ', ja: '半角英数字・ハイフン（-）・アンダースコア（_）で入力してください。', en: 'Please use letters, digits, hyphens (-) and underscores (_) only.' },
  { id: 'url', value: 'x', ja: 'URLの形式が正しくありません。', en: 'Check URL.' },
  { id: 'filePath', value: ' ', ja: '半角英数字と記号「- _ . /」で入力してください。', en: 'Please use letters, digits and the symbols - _ . / only.' },
  { id: 'fileName', value: ' ', ja: '半角英数字と記号「- _ .」で入力してください。', en: 'Please use letters, digits and the symbols - _ . only.' },
  { id: 'iconPath', value: ' ', ja: '半角英数字と記号「- _ :」で入力してください。', en: 'Please use letters, digits and the symbols - _ : only.' },
  { id: 'xId', value: ' ', ja: '半角英数字とアンダースコア（_）で入力してください。', en: 'Please use letters, digits and underscores (_) only.' },
  { id: 'facebookId', value: ' ', ja: '半角英数字と記号「. _ -」で入力してください。', en: 'Please use letters, digits and the symbols . _ - only.' },
  { id: 'instagramId', value: ' ', ja: '半角英数字と記号「. _」で入力してください。', en: 'Please use letters, digits and the symbols . _ only.' },
  { id: 'lineId', value: ' ', ja: '半角英数字と記号「. _ -」で入力してください。', en: 'Please use letters, digits and the symbols . _ - only.' },
  { id: 'youtubeChannelId', value: 'x', ja: '「UC」から始まるチャンネルIDを入力してください。', en: 'Please enter a channel ID that starts with UC.' },
  { id: 'noForbiddenChars', params: ['<>'], value: '<', ja: '使用できない文字が含まれています。', en: 'Contains characters that cannot be used' },
  { id: 'noForbiddenChars', params: [['<', '>']], value: 'a>b', ja: '使用できない文字が含まれています。', en: 'Contains characters that cannot be used' },
]
