import { apiClient } from './api-client';

/**
 * The signed-in session the API client carries, for code that is not an `api/` module (issue 28:
 * only those may send requests): where the tokens are kept, the refresh, and the "signed out"
 * signal the root layout turns into its dialog.
 */
export const apiSession = {
  tokens: apiClient.tokens,
  refresh: () => apiClient.refresh(),
  onLoggedOut: (listener: () => void) => apiClient.onLoggedOut(listener),
};
