import type { Examples, MessageCase } from '../helpers'

const longBase64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

export const stringExamples: Examples = {
  required: [
    { valid: ['a', ' ', '0', 0, false, ['x'], {}], invalid: ['', null, undefined, []] },
    { params: ['select'], valid: ['tokyo'], invalid: ['', null] },
    { params: ['date'], valid: ['2024-02-29'], invalid: [undefined] },
  ],
  maxBytes: [
    // 'あ' is 3 bytes, 'é' 2, '𠮷' (surrogate pair) 4, an unpaired surrogate 3 (U+FFFD)
    { params: [6], valid: ['abcdef', 'ああ', 'éée', '𠮷ab', '\uD800ab', 123456], invalid: ['abcdefg', 'あああ', 'ああa', '𠮷𠮷', 'abcde\n\n', 1234567, true] },
    { params: [1], valid: ['a', '\n'], invalid: ['あ', 'ab'] },
  ],
  notBlank: [
    { valid: ['a', ' a ', '\u3000あ\u3000', '.', 0], invalid: [' ', '\t', '\n', '\r\n \t', '\u3000', '\u00A0', ' \u3000\n', [], true] },
  ],
  noControlChars: [
    {
      valid: ['山田 太郎', 'Jane Smith', 'a\u3000b', 'é', '😀', 'a\u00A0b', 'ｱｲｳ', '❤️', 12],
      // One line: nothing that prints as nothing either (zero-width characters, direction marks, U+FEFF, tags).
      invalid: ['a\nb', 'a\r\nb', 'a\rb', 'a\tb', '\u001B[31mred', 'a\u0000', 'a\u007F', '\u0085', '\u009B2J', 'a\u2028b', 'a\u2029', '\u202Eevil', '\u2066x\u2069', 'x\u200Bx', 'v\u200Cictim', 'a\u200Db', 'a\u200Eb', 'a\u200Fb', 'a\u061Cb', 'a\u2060b', 'a\u2064b', 'a\uFEFFb', 'a\u{E0041}b', true, {}],
    },
    // A text area: line breaks (LF, CR LF) and tabs are text; every other control is not.
    // Invisible characters are kept there (a joiner in an emoji) and shown as escapes to staff.
    { params: ['multiLine'], valid: ['line 1\nline 2', 'line 1\r\nline 2', 'a\tb', '\n\n', '段落\n\n　字下げ', 'x\u200Bx', '👨\u200D👩', 'a\uFEFFb'], invalid: ['a\rb', '\u001B[2J', 'a\u000Bb', 'a\u000Cb', 'a\u0000', '\u0085', 'a\u2028b', '\u202E', '\u2068', 'a\r'] },
    { params: ['singleLine'], valid: ['one line'], invalid: ['two\nlines'] },
  ],
  maxChars: [
    // code points: an emoji or a rare kanji outside the BMP counts once
    { params: [3], valid: ['abc', 'あいう', '𠮷野家', '😀😀😀', 'ab\n', 123], invalid: ['abcd', 'あいうえ', '𠮷野家だ', 'abc\n', '👍🏽👍🏽', 1234, {}] },
  ],
  startsWithAt: [{ valid: ['@soei', '@', '@@'], invalid: ['soei', ' @soei', '＠soei', 'so@ei', 1] }],
  startsWithUrl: [
    { params: ['https://www.instagram.com/'], valid: ['https://www.instagram.com/soei', 'https://www.instagram.com/'], invalid: ['http://www.instagram.com/soei', 'HTTPS://WWW.INSTAGRAM.COM/soei', ' https://www.instagram.com/soei', 'https://www.instagram.co'] },
  ],
  imageDataUri: [
    {
      valid: [`data:image/png;base64,${longBase64}`, 'data:image/jpeg;base64,/9j/', 'data:image/svg+xml;base64,PHN2Zz4=', 'DATA:IMAGE/PNG;BASE64,AAAA'],
      invalid: [
        'data:image/png;base64,',
        'data:text/plain;base64,AAAA',
        'data:image/png,AAAA',
        'data:image/png;base64,AAA',
        'data:image/png;base64,AA AA',
        'data:image/png;base64,AAAA\n',
        'data:image/png;base64,A===',
        'https://example.com/a.png',
        'data:image/;base64,AAAA',
      ],
    },
  ],
}

export const stringMessages: MessageCase[] = [
  { id: 'required', value: '', ja: '入力してください。', en: 'Please enter a value.' },
  { id: 'required', params: ['input'], value: null, ja: '入力してください。', en: 'Please enter a value.' },
  { id: 'required', params: ['select'], value: '', ja: '選択してください。', en: 'Please select a value.' },
  { id: 'required', params: ['date'], value: '', ja: '日付を入力してください。', en: 'Please enter a date.' },
  { id: 'noControlChars', value: 'a\nb', ja: '改行・タブ・ゼロ幅スペースなどの見えない文字や制御文字は入力できません。', en: 'Line breaks, tabs, invisible characters (such as zero-width spaces) and other control characters cannot be used here.' },
  { id: 'noControlChars', params: ['multiLine'], value: '\u001B[2J', ja: '使用できない制御文字が含まれています。', en: 'Contains control characters that cannot be used.' },
  { id: 'maxBytes', params: [100], value: 'a'.repeat(101), ja: '半角100文字（全角33文字）以内で入力してください。', en: 'Please enter up to 100 half-width characters or 33 full-width characters.' },
  { id: 'notBlank', value: ' \n\t', ja: '改行・スペース・タブだけの入力はできません。', en: 'It is blank with line breaks, spaces, and tabs only.' },
  { id: 'maxChars', params: [1], value: 'ab', ja: '1文字以内で入力してください。', en: 'Please enter up to 1 character.' },
  { id: 'maxChars', params: [50], value: 'a'.repeat(51), ja: '50文字以内で入力してください。', en: 'Please enter up to 50 characters.' },
  { id: 'startsWithAt', value: 'x', ja: '「@」から始まる値を入力してください。', en: 'Please enter a value that starts with @.' },
  { id: 'startsWithUrl', params: ['https://x.com/'], value: 'x', ja: 'https://x.com/ から始まるURLを入力してください。', en: 'Please enter a URL that starts with https://x.com/.' },
  { id: 'imageDataUri', value: 'x', ja: '画像ファイルを選択してください。', en: 'Please select an image file.' },
]
