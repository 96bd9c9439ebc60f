import { absoluteUrl, computeAlternates } from '../../shared/alternates'
import { crumbsFor, navLabel } from '../../shared/routes/crumbs'
import { errorTitleKey } from '../../shared/page-state'
import type { ContentSource, ImageRef, Menu } from '../../shared/content'
import { buildHead, buildTitle, type HeadData } from '../../shared/head'
import { shareImage } from '../../shared/images'
import type { Translate } from '../../shared/i18n/messages'
import { LOCALE_CODES, type Locale } from '../../shared/i18n/locales'
import { localizePath } from '../../shared/i18n/negotiate'
import type { MenuLink, PageError, PageState } from '../../shared/page-state'
import { breadcrumbLd } from '../../shared/structured-data'
import type { BuildManifest } from './manifest'
import { switchTargets, type Resolution } from './resolve'
import { PATHS } from '../../shared/paths'

/** og:image and its size: the JPEG variant structured data uses too, as an absolute URL. */
function previewImage(origin: string, image: ImageRef): NonNullable<HeadData['ogImage']> {
  const { path, ...rest } = shareImage(image)
  return { url: absoluteUrl(origin, path), ...rest }
}

interface DescribeDeps {
  manifest: BuildManifest
  content: ContentSource
  development: boolean
  translators: Record<Locale, Translate>
}

/**
 * What a resolved page ships besides its body: the page state the client hydrates from, and the head
 * data (title, description, canonical and hreflang, Open Graph, JSON-LD) its head tags are made of.
 */
export function describePages(deps: DescribeDeps) {
  const { translators } = deps
function pageState(resolution: Resolution, error: PageError | null): PageState {
  return {
    locale: resolution.locale,
    basename: resolution.prefix,
    path: resolution.path,
    routeId: !error && resolution.kind === 'page' ? resolution.route.id : null,
    params: resolution.kind === 'page' ? resolution.params : {},
    data: !error && resolution.kind === 'page' ? resolution.data : null,
    error,
    switchTargets: switchTargets(resolution),
    buildId: deps.manifest.id,
    year: new Date().getFullYear(),
    site: deps.content.site(resolution.locale),
    menus: { header: menuLinks('header', resolution.locale), footer: menuLinks('footer', resolution.locale) },
  }
}

/** A menu's links as the header and footer show them: each label in the page's language. */
function menuLinks(menu: Menu, locale: Locale): MenuLink[] {
  return deps.content.menu(menu, locale).map((link) => ({ path: link.path, label: navLabel(link, translators[locale]) }))
}

function headFor(resolution: Resolution, error: PageError | null, origin: string) {
  const { locale } = resolution
  const t = translators[locale]
  const site = deps.content.site(locale)
  const page = !error && resolution.kind === 'page' ? resolution : null
  const meta = page ? page.route.meta({ locale, data: page.data, t }) : {}
  const errorKey = error ? errorTitleKey(error.statusCode) : null
  const title = error ? (errorKey ? t(`${errorKey}.title`) : error.statusMessage) : (meta.headTitle ?? meta.title)
  const alternates = computeAlternates(resolution.path + (page?.canonicalSearch ?? ''), locale, origin, page ? page.available : LOCALE_CODES)
  const jsonLd: object[] = []
  if (page) {
    jsonLd.push(...(page.route.structuredData?.({ data: page.data, site, url: alternates.canonical, origin, locale }) ?? []))
    if (page.route.layout.breadcrumb && page.route.id !== 'home') {
      const crumbs = crumbsFor(page.route, page.data, page.path, meta.title ?? t(page.route.labelKey), t)
      jsonLd.push(breadcrumbLd(crumbs.map((c) => ({ label: c.label, url: absoluteUrl(origin, localizePath(c.to, locale)) }))))
    }
  }
  return buildHead({
    locale,
    title: buildTitle({ siteName: site.name, path: resolution.path, isIndex: page?.route.id === 'home', title, development: deps.development }),
    description: error ? (errorKey ? t(`${errorKey}.description`) : undefined) : meta.description,
    defaultDescription: site.description,
    siteName: site.name,
    alternates,
    noindex: page?.route.noindex,
    isError: !!error,
    jsonLd,
    ogType: meta.type,
    ogImage: meta.image && previewImage(origin, meta.image),
    ...(page?.route.feed ? { feed: { href: absoluteUrl(origin, localizePath(PATHS.newsFeed, locale)), title: t('units.news.feed', { name: site.name }) } } : {}),
  })
}

  return { pageState, headFor }
}
