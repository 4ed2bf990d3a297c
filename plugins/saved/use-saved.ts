import { useQuery } from '@tanstack/react-query';
import { useSession, useYourTools } from '@toolbox/sdk/react';

/** The person's saved calculations matching `search`, newest first (browser or account). */
export function useSavedCalculations(search: string) {
  const { store, lists } = useYourTools();
  const { user } = useSession();
  return useQuery({
    // Under ['your-tools']: a save anywhere invalidates it. The session is part of the key.
    queryKey: ['your-tools', user?.id ?? 'visitor', 'calculations', search.trim()],
    queryFn: async () => (await store.backend()).calculations({ search }),
    enabled: lists.loaded,
  });
}
