import { createContext, use, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Me } from '@/contracts/entities';
import { useHasToken, useMe } from '@/features/auth';

interface AuthState {
  hasToken: boolean;
  /** GET /v1/me, loaded only while a token is held. */
  me: UseQueryResult<Me>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const hasToken = useHasToken();
  const me = useMe(hasToken);
  return <AuthContext value={{ hasToken, me }}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const state = use(AuthContext);
  if (!state) throw new Error('useAuth outside AuthProvider');
  return state;
}
