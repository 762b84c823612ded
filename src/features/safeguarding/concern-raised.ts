import { useEffect, useState } from 'react';
import { CONCERN_RAISED_EVENT } from '@/lib/api-errors';

/**
 * Whether a write just answered `concernRaised` (issue 26). The API client announces every such
 * answer, whichever form sent it, so no form can forget to show the help.
 */
export function useConcernRaised(): [boolean, () => void] {
  const [raised, setRaised] = useState(false);
  useEffect(() => {
    const show = () => setRaised(true);
    window.addEventListener(CONCERN_RAISED_EVENT, show);
    return () => window.removeEventListener(CONCERN_RAISED_EVENT, show);
  }, []);
  return [raised, () => setRaised(false)];
}
