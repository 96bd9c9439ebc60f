/** The social networks the site file may name (`social:` in site.yml), in display order. */
export const SOCIAL_NETWORKS = {
  x: { name: 'X', url: (id: string) => `https://x.com/${id}` },
  facebook: { name: 'Facebook', url: (id: string) => `https://www.facebook.com/${id}` },
  instagram: { name: 'Instagram', url: (id: string) => `https://www.instagram.com/${id}` },
  youtube: { name: 'YouTube', url: (id: string) => `https://www.youtube.com/channel/${id}` },
  line: { name: 'LINE', url: (id: string) => `https://line.me/R/ti/p/@${id}` },
  linkedin: { name: 'LinkedIn', url: (id: string) => `https://www.linkedin.com/company/${id}` },
} as const

export type SocialNetwork = keyof typeof SOCIAL_NETWORKS

/** The company's account ids by network (the site's `social`, SiteInfo in shared/content.ts). */
export type SocialAccounts = Partial<Record<SocialNetwork, string>>

/** The company's social profiles: the footer links and the Organization's sameAs. */
export function socialProfiles(site: { social: SocialAccounts }): { network: SocialNetwork; name: string; url: string }[] {
  return (Object.keys(SOCIAL_NETWORKS) as SocialNetwork[])
    .filter((network) => site.social[network])
    .map((network) => ({ network, name: SOCIAL_NETWORKS[network].name, url: SOCIAL_NETWORKS[network].url(site.social[network]!) }))
}
