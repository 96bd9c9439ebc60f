import type { ReactNode } from 'react'
import { useI18n } from '../i18n/context'
import type { LayoutOptions } from '../routes'
import { Breadcrumb, type Crumb } from './breadcrumb'
import { Footer } from './footer'
import { Header } from './header'
import { ToastRegion } from './toast-region'
import { ConfirmDialog } from './confirm-dialog'

interface LayoutProps {
  /** 'default' for pages, 'error' for the error screen (no breadcrumb, centred message). */
  kind: 'default' | 'error'
  options?: LayoutOptions | undefined
  crumbs?: Crumb[] | undefined
  currentPath: string
  children: ReactNode
}

export function Layout({ kind, options, crumbs, currentPath, children }: LayoutProps) {
  const { t } = useI18n()
  const background = options?.background ?? 'default'
  const width = kind === 'error' ? 'narrow' : (options?.width ?? 'default')
  const showCrumbs = kind === 'default' && !!options?.breadcrumb && !!crumbs && crumbs.length > 1
  return (
    <div className={`layout layout--${kind} bg--${background}`} data-layout={kind}>
      <a className="skip-link" href="#main">
        {t('units.a11y.skipToContent')}
      </a>
      <Header currentPath={currentPath} />
      {showCrumbs ? <Breadcrumb crumbs={crumbs} /> : null}
      <main id="main" tabIndex={-1} className={`main main--${width}`} data-width={width}>
        {children}
      </main>
      <Footer />
      <ToastRegion />
      <ConfirmDialog />
    </div>
  )
}
