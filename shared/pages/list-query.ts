/**
 * Reads ?page= (a positive integer without leading zeros) and ?category= (one of the known ids); null (404)
 * for a bad value of either. Any other parameter (a campaign's utm_source, gclid, fbclid) is not the page's
 * and is ignored: the same page, the same canonical URL, the same cache entry.
 */
export function readListQuery(search: URLSearchParams, categories: readonly string[]): { page: number; category: string | null } | null {
  const rawPage = search.get('page')
  if (search.getAll('page').length > 1 || search.getAll('category').length > 1) return null
  if (rawPage !== null && !/^[1-9][0-9]{0,5}$/.test(rawPage)) return null
  const category = search.get('category')
  if (category !== null && !categories.includes(category)) return null
  return { page: rawPage === null ? 1 : Number(rawPage), category }
}

/** The canonical query of a list page: page 1 and no filter have none. */
export function listSearch({ page, category }: { page: number; category: string | null }): string {
  const params = new URLSearchParams()
  if (category) params.set('category', category)
  if (page > 1) params.set('page', String(page))
  const s = params.toString()
  return s ? `?${s}` : ''
}
