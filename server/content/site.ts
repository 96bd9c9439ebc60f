import { join } from 'node:path'
import { LOCALE_CODES, type Locale } from '../../shared/i18n/locales'
import type { PageContent, ServiceSummary, SiteInfo } from '../../shared/content'
import { headingId } from './markdown'
import type { LoadContext } from './types'
import { validators } from './validators'
import { YamlSyntaxError, fileAt, parseYaml } from './yaml-text'

/** site.yml as written: each text in { ja, en }, plus the home page's services. */
export type SiteFile = Record<string, any>

interface ServiceEntry {
  title: Record<Locale, string>
  summary: Record<Locale, string>
}

/** The company's identity (site.yml), or null when the file is missing, not YAML or invalid. */
export function readSiteFile(ctx: LoadContext): SiteFile | null {
  const text = ctx.read(join(ctx.dir, 'site.yml'))
  if (text === null) return null
  let data: unknown
  try {
    data = parseYaml(text)
  } catch (err) {
    const syntax = err instanceof YamlSyntaxError ? err : null
    ctx.problems.push(`${fileAt('site.yml', syntax?.position)}: not valid YAML: ${syntax?.reason ?? (err as Error).message.split('\n')[0]}`)
    return null
  }
  return ctx.check<SiteFile>(validators.site, data, 'site.yml') ? (data as SiteFile) : null
}

/** The site file in each language: every { ja, en } text picked for it; social accounts as they are. */
export function siteInfos(site: SiteFile): Record<Locale, SiteInfo> {
  return Object.fromEntries(
    LOCALE_CODES.map((code) => {
      const pick = (v: any) => (v && typeof v === 'object' && !Array.isArray(v) && code in v ? v[code] : v)
      const info = Object.fromEntries(Object.entries(site).flatMap(([k, v]) => (k === 'services' || k === 'menus' ? [] : [[k, k === 'social' ? v : pick(v)]])))
      return [code, { social: {}, ...info } as SiteInfo]
    }),
  ) as Record<Locale, SiteInfo>
}

/**
 * The home page's service cards in each language. Each card links to a section of the service
 * page, so its title must be one of that page's headings in the same language.
 */
export function serviceCards(ctx: LoadContext, site: SiteFile | null, pages: ReadonlyMap<string, PageContent>): Record<Locale, ServiceSummary[]> {
  const services = Object.fromEntries(LOCALE_CODES.map((code) => [code, [] as ServiceSummary[]])) as Record<Locale, ServiceSummary[]>
  for (const [i, entry] of ((site?.services ?? []) as ServiceEntry[]).entries()) {
    for (const code of LOCALE_CODES) {
      const anchor = headingId(entry.title[code])
      const page = pages.get(`service.${code}`)
      if (page && !page.html.includes(` id="${anchor}"`)) {
        ctx.problems.push(`site.yml: services[${i}].title.${code}: pages/service.${code}.md has no heading "${entry.title[code]}"`)
      }
      services[code].push({ title: entry.title[code], summary: entry.summary[code], anchor })
    }
  }
  return services
}
