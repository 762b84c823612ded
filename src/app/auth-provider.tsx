import { createContext, use, useEffect, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Me } from '@/contracts/user-entities';
import { useHasToken, useMe } from '@/features/auth';
import { setErrorReportingUser } from '@/lib/error-reporting';

interface AuthState {
  hasToken: boolean;
  /** GET /v1/me, loaded only while a token is held. */
  me: UseQueryResult<Me>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const hasToken = useHasToken();
  const me = useMe(hasToken);
  // The spec registers each signed-in user with the error-reporting service (by id and role).
  const userId = hasToken ? me.data?._id : undefined;
  const role = me.data?.role;
  useEffect(() => {
    setErrorReportingUser(userId && role ? { id: userId, role } : null);
  }, [userId, role]);
  return <AuthContext value={{ hasToken, me }}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const state = use(AuthContext);
  if (!state) throw new Error('useAuth outside AuthProvider');
  return state;
}
