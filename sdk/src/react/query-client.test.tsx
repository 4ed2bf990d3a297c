import { useQuery } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { noteOpeningQueries, QueriesProvider, sharedQueryClient } from './query-client';

const asked: string[] = [];

function Reads({ id, enabled }: { id: string; enabled?: boolean }) {
  const query = useQuery({
    queryKey: ['test', id],
    queryFn: async () => {
      asked.push(id);
      return id;
    },
    ...(enabled === undefined ? {} : { enabled }),
  });
  return <p>{query.isPending ? `${id} pending` : query.data}</p>;
}

describe('noteOpeningQueries', () => {
  it('gives the fetches of the queries views built and left on, once the page has rendered, and fetches none itself', async () => {
    sharedQueryClient().setQueryData(['test', 'before'], 'cached');
    const opening = noteOpeningQueries();
    const html = renderToStaticMarkup(
      <QueriesProvider>
        <Reads id="posts" />
        <Reads id="posts" />
        <Reads id="chosen" enabled />
        <Reads id="later" enabled={false} />
      </QueriesProvider>,
    );
    // Rendered in their loading state; nothing asked for.
    expect(html).toContain('posts pending');
    expect(html).toContain('later pending');
    expect(asked).toEqual([]);
    // One fetch per query a view left on; what was cached before is gone, not noted.
    const fetches = opening();
    expect(fetches).toHaveLength(2);
    await Promise.all(fetches.map((fetch) => fetch()));
    expect(asked.sort()).toEqual(['chosen', 'posts']);
    expect(sharedQueryClient().getQueryData(['test', 'before'])).toBeUndefined();
  });
});
