// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { filterData, SearchableSelect, type SelectData } from './searchable-select';

afterEach(cleanup);

const CURRENCIES: SelectData = [
  { value: 'AUD', label: 'AUD - Australian Dollar' },
  { value: 'CHE', label: 'CHE - WIR Euro' },
  { value: 'EGP', label: 'EGP - Egyptian Pound' },
  { value: 'EUR', label: 'EUR - Euro' },
  { value: 'GBP', label: 'GBP - Pound Sterling' },
  { value: 'SEK', label: 'SEK - Swedish Krona' },
  { value: 'USD', label: 'USD - US Dollar' },
];

const ZONES: SelectData = [
  {
    group: 'America',
    items: [
      { value: 'America/Chicago', label: 'UTC-06:00 · Chicago', keywords: 'utc-06:00 · chicago indiana' },
      { value: 'America/Detroit', label: 'UTC-05:00 · Detroit', keywords: 'utc-05:00 · detroit new york' },
      {
        value: 'America/Glace_Bay',
        label: 'UTC-04:00 · Glace Bay',
        keywords: 'utc-04:00 · glace bay sydney',
      },
      { value: 'America/New_York', label: 'UTC-05:00 · New York', keywords: 'utc-05:00 · new york' },
    ],
  },
  {
    group: 'Asia',
    items: [{ value: 'Asia/Kolkata', label: 'UTC+05:30 · Kolkata', keywords: 'utc+05:30 · kolkata india' }],
  },
  {
    group: 'Australia',
    items: [{ value: 'Australia/Sydney', label: 'UTC+11:00 · Sydney', keywords: 'utc+11:00 · sydney' }],
  },
];

/** The values `query` shows, in order. */
const found = (data: SelectData, query: string) =>
  filterData(data, query).flatMap((group) => group.items.map((item) => item.value));

describe('filterData', () => {
  it('shows the whole list, in its order and groups, for an empty search', () => {
    expect(found(CURRENCIES, '  ')).toEqual(CURRENCIES.map((item) => (item as { value: string }).value));
    expect(filterData(ZONES, '').map((group) => group.group)).toEqual(['America', 'Asia', 'Australia']);
  });

  it('keeps only items matching every word, anywhere in them', () => {
    expect(found(CURRENCIES, 'dollar us')).toEqual(['USD', 'AUD']);
    expect(found(CURRENCIES, 'ustr')).toEqual(['AUD']);
    expect(found(CURRENCIES, 'euro pound')).toEqual([]);
  });

  it('puts the value the search names first, in any case', () => {
    expect(found(CURRENCIES, 'eur')).toEqual(['EUR', 'CHE']);
    expect(found(CURRENCIES, 'Eur ')).toEqual(['EUR', 'CHE']);
  });

  it('puts whole words before the starts of words, and those before matches inside a word', () => {
    expect(found(CURRENCIES, 'euro')).toEqual(['EUR', 'CHE']);
    expect(found(CURRENCIES, 'dol')).toEqual(['USD', 'AUD']);
    expect(found(CURRENCIES, 'ish')).toEqual(['SEK']);
    expect(found(CURRENCIES, 'an')).toEqual(['AUD', 'EGP']);
  });

  it('puts a word found nearer the start of the label first, and keeps the list order among equals', () => {
    expect(found(CURRENCIES, 'pound')).toEqual(['GBP', 'EGP']);
    expect(found(CURRENCIES, 'dollar')).toEqual(['USD', 'AUD']);
    expect(found(ZONES, 'utc')).toEqual(found(ZONES, ''));
  });

  it('puts the label before the keywords, and each group by its best item', () => {
    expect(found(ZONES, 'new york')).toEqual(['America/New_York', 'America/Detroit']);
    expect(found(ZONES, 'india')).toEqual(['Asia/Kolkata', 'America/Chicago']);
    expect(found(ZONES, 'sydney')).toEqual(['Australia/Sydney', 'America/Glace_Bay']);
    expect(filterData(ZONES, 'sydney').map((group) => group.group)).toEqual(['Australia', 'America']);
  });

  it('reads `+` and `:` as part of a word, so an offset is one word', () => {
    const offsets: SelectData = [
      { value: 'Asia/Tehran', label: 'UTC+03:30 · Tehran', keywords: 'utc+03:30 · tehran utc+3:30' },
      { value: 'Europe/Moscow', label: 'UTC+03:00 · Moscow', keywords: 'utc+03:00 · moscow utc+3 utc+03' },
    ];
    expect(found(offsets, 'utc+3')).toEqual(['Europe/Moscow', 'Asia/Tehran']);
    expect(found(offsets, 'utc+03')).toEqual(['Europe/Moscow', 'Asia/Tehran']);
    expect(found(offsets, 'utc+03:30')).toEqual(['Asia/Tehran']);
  });

  it('matches keywords instead of the label when an item has them', () => {
    const shoes: SelectData = [
      { value: 'France', label: 'France', keywords: 'france eu' },
      { value: 'United States', label: 'United States', keywords: 'united states us' },
    ];
    expect(found(shoes, 'us')).toEqual(['United States']);
    expect(found(shoes, 'eu')).toEqual(['France']);
  });
});

/** The "To" field choosing UGX from `data`, while the whole list is `loading` or once it has come. */
const comingList = (data: SelectData, loading: boolean, onChange: (value: string) => void) => (
  <MantineProvider>
    <SearchableSelect label="To" data={data} value="UGX" onChange={onChange} loading={loading} />
  </MantineProvider>
);

describe('SearchableSelect', () => {
  it('picks the best match on Enter', () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <SearchableSelect label="To" data={CURRENCIES} value="USD" onChange={onChange} />
      </MantineProvider>,
    );
    const field = screen.getByRole('combobox', { name: 'To' });
    fireEvent.change(field, { target: { value: 'eur' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'EUR - Euro',
      'CHE - WIR Euro',
    ]);
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('EUR');
  });

  it('says the list is coming while it is, and picks on an Enter pressed meanwhile once it has come', () => {
    const onChange = vi.fn();
    const known: SelectData = [
      { value: 'UGX', label: 'UGX - Uganda Shilling' },
      { value: 'USD', label: 'USD - US Dollar' },
    ];
    const { rerender } = render(comingList(known, true, onChange));
    const field = screen.getByRole('combobox', { name: 'To' });
    fireEvent.change(field, { target: { value: 'eur' } });
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByText('Loading…')).toBeTruthy();
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onChange).not.toHaveBeenCalled();

    rerender(comingList([...known, ...CURRENCIES], false, onChange));
    expect(onChange).toHaveBeenCalledWith('EUR');
  });

  it('forgets an Enter pressed while the list was coming once the field is left', () => {
    const onChange = vi.fn();
    const known: SelectData = [{ value: 'UGX', label: 'UGX - Uganda Shilling' }];
    const { rerender } = render(comingList(known, true, onChange));
    const field = screen.getByRole('combobox', { name: 'To' });
    fireEvent.change(field, { target: { value: 'eur' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.blur(field);
    rerender(comingList([...known, ...CURRENCIES], false, onChange));
    expect(onChange).not.toHaveBeenCalled();
    expect((field as HTMLInputElement).value).toBe('UGX - Uganda Shilling');
  });

  it('selects its label on focus, and not a search typed before a focus heard late', () => {
    render(comingList([{ value: 'UGX', label: 'UGX - Uganda Shilling' }], true, vi.fn()));
    const field = screen.getByRole('combobox', { name: 'To' }) as HTMLInputElement;
    fireEvent.focus(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'UGX - Uganda Shilling'.length]);
    fireEvent.blur(field);

    // Focused and typed into while React was taking the page over: React hears the focus once it
    // has, the text typed meanwhile in the field (played back to React later, or already).
    field.value = 'e';
    field.setSelectionRange(1, 1);
    fireEvent.focus(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([1, 1]);
    fireEvent.change(field, { target: { value: 'eu' } });
    field.setSelectionRange(2, 2);
    fireEvent.focus(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([2, 2]);
  });

  it('says nothing matches once the list is here', () => {
    render(
      <MantineProvider>
        <SearchableSelect
          label="To"
          data={CURRENCIES}
          value="USD"
          onChange={vi.fn()}
          nothingFound="No currency"
        />
      </MantineProvider>,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'To' }), { target: { value: 'xyz' } });
    expect(screen.getByText('No currency')).toBeTruthy();
  });
});
