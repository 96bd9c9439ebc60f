import type { Examples, MessageCase } from '../helpers'

export const numberExamples: Examples = {
  integer: [
    { valid: ['0', '-5', '007', '2147483648', '12345678901234567890', 42, -0], invalid: ['1.0', '1.5', '1e3', '1E3', '+1', '.5', '1.', '1,000', '１２', '12 ', ' 12', '12\n', '--1', '-', 'NaN', 'Infinity', 1.5, 1e21, Number.NaN, Number.POSITIVE_INFINITY, true, [1]] },
  ],
  maxDecimals: [
    { params: [2], valid: ['1', '1.5', '1.50', '-0.01', '100.00', 1.25, '0012.34'], invalid: ['1.501', '1.500', '0.001', '1e-3', '1e3', '1,5', '１.５', '1.5\n', '1.', '.5', 1e-7, 'abc'] },
    { params: [1], valid: ['1.0'], invalid: ['1.00', '1.05'] },
    { params: [3], valid: ['1.000', '9999999999999.999'], invalid: ['1.0000', '0.0001'] },
  ],
  maxInt32: [
    { valid: ['2147483647', '002147483647', '-2147483649', '2147483646.999', '2147483647.000', 2147483647, '0'], invalid: ['2147483648', '2147483647.5', '2147483647.0000000001', '99999999999', '1e10', '２', 2147483648, 'abc'] },
  ],
  maxDecimal2: [
    { valid: ['9999999999999.99', '9999999999999.990', '9999999999999', '-99999999999999', '0.01', 1.5], invalid: ['9999999999999.991', '10000000000000', '9999999999999.999', '1e13', '99999999999999', 'x'] },
  ],
  maxDecimal3: [
    // Near 1e13 a double has steps of about 0.002: the text, not a float, decides.
    { valid: ['9999999999999.999', '9999999999999.9990', '9999999999999.99'], invalid: ['9999999999999.9991', '10000000000000.000', '10000000000000', '1e14'] },
  ],
}

export const numberMessages: MessageCase[] = [
  { id: 'integer', value: '1.5', ja: '整数を入力してください。', en: 'Please enter a whole number.' },
  { id: 'maxDecimals', params: [1], value: '1.25', ja: '小数点以下1桁以内で入力してください。', en: 'Please enter up to 1 decimal place.' },
  { id: 'maxDecimals', params: [2], value: '1.255', ja: '小数点以下2桁以内で入力してください。', en: 'Please enter up to 2 decimal places.' },
  { id: 'maxInt32', value: '2147483648', ja: '2,147,483,647以下の値を入力してください。', en: 'Please enter 2,147,483,647 or less.' },
  { id: 'maxDecimal2', value: '1e20', ja: '9,999,999,999,999.99以下の値を入力してください。', en: 'Please enter 9,999,999,999,999.99 or less.' },
  { id: 'maxDecimal3', value: '10000000000000', ja: '9,999,999,999,999.999以下の値を入力してください。', en: 'Please enter 9,999,999,999,999.999 or less.' },
]
