import { createContext, useContext, type ReactNode } from 'react'
import type { StaffPageState } from './state'

const StaffStateContext = createContext<StaffPageState | null>(null)

export function StaffStateProvider({ value, children }: { value: StaffPageState; children: ReactNode }) {
  return <StaffStateContext.Provider value={value}>{children}</StaffStateContext.Provider>
}

export function useStaffState(): StaffPageState {
  const value = useContext(StaffStateContext)
  if (!value) throw new Error('useStaffState outside StaffStateProvider')
  return value
}
