import { Component, type ReactNode } from 'react'
import { isBot } from '../shared/i18n/negotiate'

interface Props {
  /** The page as the server rendered it, kept for crawlers. */
  serverHtml: string
  /** Renders the error page in place of the app. */
  renderError: () => ReactNode
  children: ReactNode
}

/**
 * Any unhandled error while rendering swaps the app for the 500 error page, except
 * for crawlers and audit tools, whose page stays as the server rendered it.
 */
export class FatalErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown) {
    console.error('Unhandled application error', error)
  }

  override render() {
    if (!this.state.failed) return this.props.children
    if (isBot(navigator.userAgent)) return <div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: this.props.serverHtml }} />
    return this.props.renderError()
  }
}
