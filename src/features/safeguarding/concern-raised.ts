import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';

/**
 * Whether a write just answered `concernRaised` (issue 26): every mutation in the app goes through
 * the query client, so one listener sees them all and no form can forget to show the help.
 */
export function useConcernRaised(): [boolean, () => void] {
  const client = useQueryClient();
  const [raised, setRaised] = useState(false);
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const error = event.action.error;
        if (isApiError(error) && error.code === 'concernRaised') setRaised(true);
      }),
    [client],
  );
  return [raised, () => setRaised(false)];
}
