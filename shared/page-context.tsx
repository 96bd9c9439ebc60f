import { createContext, useContext, type ReactNode } from 'react'
import type { PageState } from './page-state'

const PageStateContext = createContext<PageState | null>(null)

export function PageStateProvider({ value, children }: { value: PageState; children: ReactNode }) {
  return <PageStateContext.Provider value={value}>{children}</PageStateContext.Provider>
}

export function usePageState(): PageState {
  const value = useContext(PageStateContext)
  if (!value) throw new Error('usePageState outside PageStateProvider')
  return value
}
