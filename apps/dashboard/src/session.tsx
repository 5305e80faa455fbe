import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { EnrichError, onUnauthorized, setCsrfToken } from './api/client';
import { api } from './api/endpoints';
import type { Session } from './api/types';

export const SESSION_KEY = ['session'] as const;

/** The signed-in session, null when there is none (401), undefined while it is being asked for. */
export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async (): Promise<Session | null> => {
      try {
        const session = await api.session();
        setCsrfToken(session.csrfToken);
        return session;
      } catch (error) {
        if (error instanceof EnrichError && error.status === 401) {
          setCsrfToken(null);
          return null;
        }
        throw error;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Stores a session that sign-in or sign-up returned, or forgets it (sign-out, 401). */
export function useSetSession() {
  const client = useQueryClient();
  return (session: Session | null) => {
    setCsrfToken(session?.csrfToken ?? null);
    if (session) {
      client.setQueryData(SESSION_KEY, session);
    } else {
      // Nothing of the previous user's data may show to the next one.
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
      client.setQueryData(SESSION_KEY, null);
    }
  };
}

/** Any authenticated call answering 401 ends the session here too: the guard goes to sign-in. */
export function useSessionExpiry(): void {
  const setSession = useSetSession();
  useEffect(() => onUnauthorized(() => setSession(null)), [setSession]);
}
