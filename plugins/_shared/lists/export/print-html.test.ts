import { describe, expect, it } from 'vitest';
import { buildPrintHtml, escapeHtml } from './print-html';

describe('escapeHtml', () => {
  it('escapes the five special characters', () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;',
    );
    expect(escapeHtml(5)).toBe('5');
    expect(escapeHtml(null)).toBe('');
  });
});

describe('buildPrintHtml', () => {
  it('is a table of the header and rows, with hostile cells as text', () => {
    const html = buildPrintHtml({
      title: 'profiles',
      heading: 'Profiles',
      header: ['ID', 'Full Name'],
      rows: [[1, '<img src=x onerror=alert(1)>']],
    });
    expect(html).toContain('<title>profiles</title>');
    expect(html).toContain('<h1>Profiles</h1>');
    expect(html).toContain('<th scope="col">ID</th><th scope="col">Full Name</th>');
    expect(html).toContain('<tr><td>1</td><td>&lt;img src=x onerror=alert(1)&gt;</td></tr>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
  });

  it('uses the title as the heading unless told otherwise, escaped', () => {
    const html = buildPrintHtml({ title: 'A & B', header: ['X'], rows: [] });
    expect(html).toContain('<title>A &amp; B</title>');
    expect(html).toContain('<h1>A &amp; B</h1>');
  });
});
