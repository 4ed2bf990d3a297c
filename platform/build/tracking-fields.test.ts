import { describe, expect, it } from 'vitest';
import { fieldsNamedAsTracking } from './tracking-fields';

describe('fieldsNamedAsTracking', () => {
  it("names the fields of a page that a link's tracking tags use", () => {
    const html =
      '<form><input type="number" name="weight"><select id="s" name="utm_source"></select>' +
      '<textarea name="ref"></textarea><input name="referrer"><input type="radio" name="unit"></form>';
    expect(fieldsNamedAsTracking(html)).toEqual(['utm_source', 'ref']);
  });

  it('finds none on a page without such a field, nor in what is not a field', () => {
    expect(fieldsNamedAsTracking('<meta name="utm_source"><input name="height"><a name="ref">')).toEqual([]);
  });
});
