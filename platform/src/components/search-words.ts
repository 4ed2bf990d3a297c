import { useEffect, useState } from 'react';

type Words = ReadonlyMap<string, readonly string[]>;

let loading: Promise<Words> | undefined;
/** Once they have arrived: a search shown again (Home, after another page) has them at once. */
let loaded: Words | undefined;

/**
 * The tools' keywords by slug (`@toolbox/plugins/search-words`), loaded the first time `wanted`
 * is true: a search field focused or filled. Undefined until they have arrived; the search matches
 * what the registry holds meanwhile (decision 147).
 */
export function useSearchWords(wanted: boolean): Words | undefined {
  const [words, setWords] = useState<Words | undefined>(loaded);
  useEffect(() => {
    if (!wanted || words) return;
    let current = true;
    loading ??= import('@toolbox/plugins/search-words').then(
      (module) => {
        loaded = module.searchWords;
        return loaded;
      },
      (error: unknown) => {
        // Asked for again by the next search; until then the search goes without the words.
        loading = undefined;
        throw error;
      },
    );
    loading.then(
      (loaded) => {
        if (current) setWords(loaded);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [wanted, words]);
  return words;
}
