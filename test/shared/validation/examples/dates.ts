import type { Examples, MessageCase } from '../helpers'

export const dateExamples: Examples = {
  dateNotBeforeToday: [
    { params: ['Asia/Tokyo', '2024-02-29'], valid: ['2024-02-29', '2024-03-01', '2025-02-28', '9999-12-31'], invalid: ['2024-02-28', '2023-02-29', '2024-02-30', '2024-2-29', '2024/03/01', '２０２４-03-01', '2024-03-01\n', '2024-03-01T00:00', '0000-01-01', 'tomorrow', 20240301, true] },
    { params: ['UTC', '2000-02-29'], valid: ['2000-02-29'], invalid: ['1900-02-29', '2000-02-28'] },
  ],
  dateMax: [
    { params: ['2024-02-29'], valid: ['2024-02-29', '2024-02-28', '0001-01-01', '1900-02-28'], invalid: ['2024-03-01', '2100-02-29', '1900-02-29', '2023-02-29', '2024-02-29\n', '2024-13-01', '2024-00-10', '2024-01-00', '20240101', '2024-1-1'] },
  ],
}

export const dateMessages: MessageCase[] = [
  { id: 'dateNotBeforeToday', params: ['Asia/Tokyo', '2024-03-01'], value: '2024-02-29', ja: '今日以降の日付を入力してください。', en: 'Please enter today or a later date.' },
  { id: 'dateMax', params: ['2024-02-29'], value: '2024-03-01', ja: '2024年2月29日まで入力できます。', en: 'You can enter up to February 29, 2024.' },
  { id: 'dateMax', params: ['2030-12-31'], value: '2031-01-01', ja: '2030年12月31日まで入力できます。', en: 'You can enter up to December 31, 2030.' },
]
