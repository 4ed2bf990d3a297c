// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense, use, useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { noteOpeningData, useAnswerWhenDataArrives, useCachedData } from './cached-data';

afterEach(cleanup);

function Shows({
  id,
  fetcher,
  enabled = true,
}: {
  id: string;
  fetcher: () => Promise<string>;
  enabled?: boolean;
}) {
  const state = useCachedData(['test', id], fetcher, { staleTime: 60_000, enabled });
  const shown = state.isError ? `error: ${state.error?.message}` : state.isPending ? 'pending' : state.data;
  return <p data-testid={id}>{shown}</p>;
}

/** A fetch the test answers itself: each call waits until `answer(text)`. */
function heldFetch() {
  let settle: (text: string) => void = () => {};
  const fetcher = () =>
    new Promise<string>((resolve) => {
      settle = resolve;
    });
  return { fetcher, answer: (text: string) => settle(text) };
}

describe('useCachedData', () => {
  it('fetches a key once for every view that shows it, and keeps it while fresh', async () => {
    let calls = 0;
    const fetcher = async () => `answer ${++calls}`;
    render(
      <>
        <Shows id="shared" fetcher={fetcher} />
        <Shows id="shared" fetcher={fetcher} />
      </>,
    );
    await waitFor(() => expect(screen.getAllByText('answer 1')).toHaveLength(2));
    cleanup();
    render(<Shows id="shared" fetcher={fetcher} />);
    expect(screen.getByTestId('shared').textContent).toBe('answer 1');
    expect(calls).toBe(1);
  });

  it('notes, while a page is prerendered, the data its views ask for as they open, and fetches none of it', async () => {
    const asked: string[] = [];
    const fetcherOf = (id: string) => async () => {
      asked.push(id);
      return id;
    };
    const { rendered, fetchers } = await noteOpeningData(async () =>
      renderToStaticMarkup(
        <>
          <Shows id="opening-rates" fetcher={fetcherOf('rates')} />
          <Shows id="opening-rates" fetcher={fetcherOf('rates again')} />
          <Shows id="opening-later" fetcher={fetcherOf('later')} enabled={false} />
        </>,
      ),
    );
    expect(rendered).toContain('pending');
    expect(asked).toEqual([]);
    // One fetcher per key, enabled keys only; what it asks for is the caller's to find out.
    await Promise.all(fetchers.map((fetcher) => fetcher()));
    expect(asked).toEqual(['rates']);
    // A view rendered outside a prerender is noted nowhere.
    renderToStaticMarkup(<Shows id="opening-outside" fetcher={fetcherOf('outside')} />);
    expect((await noteOpeningData(async () => '')).fetchers).toEqual([]);
    expect(asked).toEqual(['rates']);
  });

  it('fetches nothing while disabled, then fetches when enabled', async () => {
    let calls = 0;
    const fetcher = async () => `late ${++calls}`;
    const { rerender } = render(<Shows id="gated" fetcher={fetcher} enabled={false} />);
    expect(screen.getByTestId('gated').textContent).toBe('pending');
    expect(calls).toBe(0);
    rerender(<Shows id="gated" fetcher={fetcher} />);
    await waitFor(() => expect(screen.getByTestId('gated').textContent).toBe('late 1'));
  });

  it('retries once, then shows the error', async () => {
    let calls = 0;
    const fetcher = async (): Promise<string> => {
      calls += 1;
      throw new Error(`refused ${calls}`);
    };
    render(<Shows id="failing" fetcher={fetcher} />);
    await waitFor(() => expect(screen.getByTestId('failing').textContent).toBe('error: refused 2'));
    expect(calls).toBe(2);
  });

  it('does not ask again at once for what was refused (404): it would answer the same', async () => {
    let calls = 0;
    const fetcher = async (): Promise<string> => {
      calls += 1;
      throw new ApiError(404, { error: 'Not available for these years.' });
    };
    render(<Shows id="refused-once" fetcher={fetcher} />);
    await waitFor(() =>
      expect(screen.getByTestId('refused-once').textContent).toBe('error: Not available for these years.'),
    );
    expect(calls).toBe(1);
  });

  it('says it is fetching from its first render when it is about to, and until the answer (a button waiting for it never shows ready first)', async () => {
    const { fetcher, answer } = heldFetch();
    const seen: string[] = [];
    function Button({ id, enabled = true }: { id: string; enabled?: boolean }) {
      const state = useCachedData(['test', id], fetcher, { staleTime: 60_000, enabled });
      const label = state.isFetching ? 'busy' : (state.data ?? 'ready');
      useEffect(() => {
        seen.push(label);
      });
      return <p data-testid={id}>{label}</p>;
    }
    render(<Button id="optimistic" />);
    expect(new Set(seen)).toEqual(new Set(['busy']));
    await act(async () => answer('here'));
    await waitFor(() => expect(screen.getByTestId('optimistic').textContent).toBe('here'));
    expect(seen.every((label, index) => label === 'busy' || index === seen.length - 1)).toBe(true);

    // Fresh data is not about to be fetched: shown as it is. Nor is data a view does not enable.
    cleanup();
    render(<Button id="optimistic" />);
    expect(screen.getByTestId('optimistic').textContent).toBe('here');
    cleanup();
    seen.length = 0;
    render(<Button id="not-enabled" enabled={false} />);
    expect(seen).toEqual(['ready']);
  });

  it('stays on its way through an urgent render made before its fetch news has been shown (a transition)', async () => {
    const { fetcher, answer } = heldFetch();
    const seen: string[] = [];
    function Button() {
      const state = useCachedData(['test', 'urgent'], fetcher, { staleTime: 60_000 });
      // Something else on the view changes as its fetch starts (a field's report, another answer):
      // an urgent render, done before the transition that brings the fetch's news.
      const [changed, change] = useState(false);
      useEffect(() => change(true), []);
      const label = state.isFetching ? 'busy' : (state.data ?? 'ready');
      useLayoutEffect(() => {
        seen.push(`${label}${changed ? ' (changed)' : ''}`);
      });
      return <p data-testid="urgent">{label}</p>;
    }
    render(<Button />);
    expect(seen).toContain('busy (changed)');
    expect(seen.filter((label) => !label.startsWith('busy'))).toEqual([]);
    await act(async () => answer('here'));
    await waitFor(() => expect(screen.getByTestId('urgent').textContent).toBe('here'));
  });

  it('fetches what failed again when the browser is back online or the tab is shown again', async () => {
    let calls = 0;
    let online = false;
    const fetcher = async (): Promise<string> => {
      calls += 1;
      if (!online) throw new Error('offline');
      return `back ${calls}`;
    };
    function Rates() {
      const state = useCachedData(['test', 'recovers'], fetcher, { staleTime: 60_000, attempts: 1 });
      return <p data-testid="recovers">{state.isError ? 'failed' : (state.data ?? 'pending')}</p>;
    }
    render(<Rates />);
    await waitFor(() => expect(screen.getByTestId('recovers').textContent).toBe('failed'));
    // Shown again while still offline: one more try, failing again.
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(calls).toBe(2));
    expect(screen.getByTestId('recovers').textContent).toBe('failed');
    online = true;
    act(() => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.getByTestId('recovers').textContent).toBe('back 3'));
    // What succeeded is not fetched again by either.
    act(() => window.dispatchEvent(new Event('online')));
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(calls).toBe(3);
  });

  it('tries again by itself after a failure that may pass (no answer, 5xx), not after a refusal', async () => {
    let calls = 0;
    const unavailable = async (): Promise<string> => {
      calls += 1;
      if (calls <= 2) throw new ApiError(503, { error: 'The database is unavailable at the moment.' });
      return `back after ${calls} calls`;
    };
    let refusals = 0;
    const refused = async (): Promise<string> => {
      refusals += 1;
      throw new ApiError(404, { error: 'Not available for this country.' });
    };
    function Both() {
      const options = { staleTime: 60_000, attempts: 1, retryAfterMs: 10 };
      const passing = useCachedData(['test', 'passes'], unavailable, options);
      const lasting = useCachedData(['test', 'refused'], refused, options);
      return (
        <>
          <p data-testid="passes">{passing.data ?? (passing.isError ? 'failed' : 'pending')}</p>
          <p data-testid="refused">{lasting.isError ? `failed ${refusals}` : 'pending'}</p>
        </>
      );
    }
    render(<Both />);
    await waitFor(() => expect(screen.getByTestId('passes').textContent).toBe('back after 3 calls'));
    // 10 ms and 20 ms after the 503s; by now a refusal would have been asked again several times.
    expect(screen.getByTestId('refused').textContent).toBe('failed 1');
    expect(refusals).toBe(1);
  });

  it('is pending while it fetches, and no longer once it has failed (a spinner waiting for it stops)', async () => {
    let fail: (error: Error) => void = () => {};
    const fetcher = () =>
      new Promise<string>((_, reject) => {
        fail = reject;
      });
    function Flags() {
      const state = useCachedData(['test', 'flags'], fetcher, { staleTime: 60_000, attempts: 1 });
      return <p data-testid="flags">{`pending ${state.isPending}, error ${state.isError}`}</p>;
    }
    render(<Flags />);
    expect(screen.getByTestId('flags').textContent).toBe('pending true, error false');
    await act(async () => fail(new Error('offline')));
    await waitFor(() => expect(screen.getByTestId('flags').textContent).toBe('pending false, error true'));
  });

  it('renders data arriving as a transition: what is shown stays until the new render is ready', async () => {
    const { fetcher, answer } = heldFetch();
    let release: () => void = () => {};
    const slowPart = new Promise<void>((resolve) => {
      release = resolve;
    });
    function Slow({ text }: { text: string }) {
      use(slowPart);
      return <>{text}</>;
    }
    function View() {
      const state = useCachedData(['test', 'transition'], fetcher, { staleTime: 60_000 });
      return <p data-testid="view">{state.data === undefined ? 'pending' : <Slow text={state.data} />}</p>;
    }
    render(
      <Suspense fallback={<p data-testid="fallback">loading</p>}>
        <View />
      </Suspense>,
    );
    expect(screen.getByTestId('view').textContent).toBe('pending');
    await act(async () => answer('here'));
    // An urgent render would have put the fallback in place of the view while its new part waits.
    expect(screen.queryByTestId('fallback')).toBeNull();
    expect(screen.getByTestId('view').textContent).toBe('pending');
    await act(async () => release());
    await waitFor(() => expect(screen.getByTestId('view').textContent).toBe('here'));
  });

  it('renders a view again only for the fields it reads: a fetch starting is news only to a view reading isFetching', async () => {
    const { fetcher, answer } = heldFetch();
    const renders = { data: 0, fetching: 0 };
    function ReadsData() {
      renders.data += 1;
      const state = useCachedData(['test', 'tracked'], fetcher, { staleTime: 60_000 });
      return <p data-testid="data">{state.data ?? 'pending'}</p>;
    }
    function ReadsFetching() {
      renders.fetching += 1;
      const state = useCachedData(['test', 'tracked'], fetcher, { staleTime: 60_000 });
      return <p data-testid="fetching">{state.isFetching ? 'fetching' : 'idle'}</p>;
    }
    render(
      <>
        <ReadsData />
        <ReadsFetching />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('fetching').textContent).toBe('fetching'));
    expect(renders).toEqual({ data: 1, fetching: 2 });
    act(() => answer('here'));
    await waitFor(() => expect(screen.getByTestId('data').textContent).toBe('here'));
    expect(screen.getByTestId('fetching').textContent).toBe('idle');
    expect(renders).toEqual({ data: 2, fetching: 3 });
  });
});

const MISSING = 'No rate for that currency.';

/** A network the test switches: rates while up, a failure while down. */
function network(rates: Record<string, number>) {
  const state = { up: false, calls: 0 };
  const fetcher = async () => {
    state.calls += 1;
    if (!state.up) throw new Error('offline');
    return rates;
  };
  return { state, fetcher };
}

/** A converter as a tool view builds one: a press computes from the rates it has, or says they are missing. */
function Converter({ id, fetcher }: { id: string; fetcher: () => Promise<Record<string, number>> }) {
  // No planned try within the test: only the press and the hook fetch again.
  const rates = useCachedData(['test', id], fetcher, {
    staleTime: 60_000,
    attempts: 1,
    retryAfterMs: 600_000,
  });
  const [code, setCode] = useState('EUR');
  const [error, setError] = useState<string>();
  const [answer, setAnswer] = useState<string>();
  const [pending, setPending] = useState(false);
  const submit = useCallback(async () => {
    setError(undefined);
    setPending(true);
    await new Promise((resolve) => setTimeout(resolve, 1));
    setPending(false);
    const rate = rates.data?.[code];
    if (rate === undefined) setError(MISSING);
    setAnswer(rate === undefined ? undefined : `100 USD = ${100 * rate} ${code}`);
  }, [rates.data, code]);
  useAnswerWhenDataArrives({ error, pending, submit }, rates, MISSING);
  return (
    <>
      <button type="button" onClick={() => void submit()}>
        Convert
      </button>
      <button type="button" onClick={() => setCode('XXX')}>
        Unknown code
      </button>
      <p data-testid="outcome">{error ?? answer ?? ''}</p>
    </>
  );
}

const outcome = () => screen.getByTestId('outcome').textContent;

describe('useAnswerWhenDataArrives', () => {
  it('a press refused for want of data asks for it again, and is answered when it arrives', async () => {
    const { state, fetcher } = network({ EUR: 0.5 });
    render(<Converter id="arrives" fetcher={fetcher} />);
    await waitFor(() => expect(state.calls).toBe(1));

    fireEvent.click(screen.getByText('Convert'));
    await waitFor(() => expect(outcome()).toBe(MISSING));
    // The press asked again (still down): the refusal stays.
    await waitFor(() => expect(state.calls).toBe(2));
    expect(outcome()).toBe(MISSING);

    // A second press asks once more; the network is back, and the press is answered without another.
    state.up = true;
    fireEvent.click(screen.getByText('Convert'));
    await waitFor(() => expect(outcome()).toBe('100 USD = 50 EUR'));
    expect(state.calls).toBe(3);
  });

  it('data that is here and lacks the code is not asked for again, and the refusal is not pressed again', async () => {
    const { state, fetcher } = network({ EUR: 0.5 });
    state.up = true;
    render(<Converter id="unknown" fetcher={fetcher} />);
    await waitFor(() => expect(state.calls).toBe(1));
    fireEvent.click(screen.getByText('Unknown code'));
    fireEvent.click(screen.getByText('Convert'));
    await waitFor(() => expect(outcome()).toBe(MISSING));
    // Let any effect that would ask or press again run.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(state.calls).toBe(1);
    expect(outcome()).toBe(MISSING);
  });

  it('data that arrives with no refusal shown computes nothing by itself', async () => {
    const { state, fetcher } = network({ EUR: 0.5 });
    render(<Converter id="quiet" fetcher={fetcher} />);
    await waitFor(() => expect(state.calls).toBe(1));
    state.up = true;
    // The browser comes back online: the failed data is fetched again, and the form stays unanswered.
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(state.calls).toBe(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(outcome()).toBe('');
  });
});
