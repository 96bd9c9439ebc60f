/**
 * Value transforms applied before validation (not rules: they never report a message).
 */

/** '' (and NaN, what a cleared number input may yield) becomes null; every other value is kept. */
export function emptyToNull<T>(value: T): T | null {
  if (value === '' || (typeof value === 'number' && Number.isNaN(value))) return null
  return value
}

/** null and undefined become a new empty object; every other value is kept. */
export function nullToEmptyObject<T>(value: T): T | Record<string, never> {
  return value === null || value === undefined ? {} : value
}
