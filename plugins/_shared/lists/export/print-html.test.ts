import { describe, expect, it } from 'vitest';
import { buildPrintHtml } from './print-html';

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

  it('writes a number as its digits and an empty cell as an empty one', () => {
    const html = buildPrintHtml({ title: 'posts', header: ['ID', 'Subtitle'], rows: [[5, '']] });
    expect(html).toContain('<tr><td>5</td><td></td></tr>');
  });

  it('uses the title as the heading unless told otherwise, escaped', () => {
    const html = buildPrintHtml({ title: 'A & B', header: ['X'], rows: [] });
    expect(html).toContain('<title>A &amp; B</title>');
    expect(html).toContain('<h1>A &amp; B</h1>');
  });
});
