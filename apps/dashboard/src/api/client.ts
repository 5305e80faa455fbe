// The one way the dashboard talks to the API: the official client (@enrich/client) on the page's
// own origin, signed in by the session cookie instead of a key, with the CSRF token on every
// attempt. Its errors are the client's: `EnrichError` with the API's code, message, request id
// and (for 429/503) `retryAfterSeconds`.
import { ConnectionError, EnrichClient, EnrichError } from '@enrich/client';

export { ConnectionError, EnrichError };

let csrfToken: string | null = null;
/** Set from the session, sign-in and sign-up answers; sent as X-CSRF-Token on mutations. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export const client = new EnrichClient({
  baseUrl: globalThis.location?.origin,
  credentials: 'same-origin',
  headers: (): Record<string, string> => (csrfToken ? { 'x-csrf-token': csrfToken } : {}),
  // A person is waiting: one quick retry of a transient failure, and a longer Retry-After shown
  // on the page (with its countdown) rather than waited out behind a spinner.
  maxRetries: 1,
  maxRetryDelayMs: 2000,
});

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
/** Called when an authenticated call answers 401: the session has ended. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * Runs one of the client's calls; a 401 tells the listeners the session has ended, unless the
 * call expects one (sign-in, the session probe).
 */
export async function call<T>(send: () => Promise<T>, { expectUnauthorized = false } = {}): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof EnrichError && error.status === 401 && !expectUnauthorized)
      for (const listener of unauthorizedListeners) listener();
    throw error;
  }
}
