import type { NewsItem, SiteInfo } from './content'
import { shareImage } from './images'
import { socialProfiles } from './social'
import type { Locale } from './i18n/locales'

/** schema.org Organization (home and about). */
export function organizationLd(site: SiteInfo, origin: string): object {
  const sameAs = socialProfiles(site).map((p) => p.url)
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    url: origin + '/',
    logo: origin + '/favicon.svg',
    foundingDate: String(site.founded),
    telephone: site.phoneInternational,
    faxNumber: site.fax,
    email: site.email,
    numberOfEmployees: { '@type': 'QuantitativeValue', value: site.employees },
    address: { '@type': 'PostalAddress', postalCode: site.postalCode, streetAddress: site.address, addressCountry: 'JP' },
    ...(sameAs.length ? { sameAs } : {}),
  }
}

/** schema.org NewsArticle for an article page. */
export function newsArticleLd(item: NewsItem, site: SiteInfo, url: string, origin: string, locale: Locale): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: item.title,
    description: item.excerpt,
    datePublished: item.date,
    inLanguage: locale,
    mainEntityOfPage: url,
    ...(item.cover ? { image: [origin + shareImage(item.cover).path] } : {}),
    author: { '@type': 'Organization', name: site.name, url: origin + '/' },
    publisher: { '@type': 'Organization', name: site.name, logo: { '@type': 'ImageObject', url: origin + '/favicon.svg' } },
  }
}

/** schema.org BreadcrumbList from the same crumbs the page shows. */
export function breadcrumbLd(crumbs: { label: string; url: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.label, item: c.url })),
  }
}
