import { describe, expect, it } from 'vitest';
import {
  appRouteOf,
  isApiPath,
  isTrackingKey,
  NOT_FOUND_FILE,
  namesAFile,
  namesKeyRead,
  pageAnswer,
  pageQuery,
  paramsFit,
  patternPageFile,
  patternToRegExp,
  prerenderedFile,
  prerenderedPath,
  ROUTES_FILE,
  readAt,
  readsQueryOf,
  readsQueryValue,
  renderedPageOf,
  routeEntry,
  SHELL_FILE,
} from './page-files';

const BUILT = new Set([
  SHELL_FILE,
  NOT_FOUND_FILE,
  'pages/index.html',
  'pages/bmi-calculator.html',
  'pages/a/b.html',
  'pages/posts/$id.html',
]);
const exists = (file: string) => BUILT.has(file);
const routeOf = appRouteOf(['/', '/bmi-calculator', '/dashboard', '/posts/$id', '/files/$']);

describe('prerenderedFile', () => {
  it('names the page of a path, without its trailing slashes', () => {
    expect(prerenderedFile('/')).toBe('pages/index.html');
    expect(prerenderedFile('//')).toBe('pages/index.html');
    expect(prerenderedFile('/bmi-calculator')).toBe('pages/bmi-calculator.html');
    expect(prerenderedFile('/bmi-calculator/')).toBe('pages/bmi-calculator.html');
    expect(prerenderedFile('/a/b/')).toBe('pages/a/b.html');
  });

  it('names no page for a path outside the page names, nor the not-found page itself', () => {
    for (const path of ['/404', '/a/../b', '/a.b', '/%20', '/a//b', '/caf%C3%A9', 'bmi-calculator']) {
      expect(prerenderedFile(path), path).toBeNull();
    }
  });
});

describe('prerenderedPath', () => {
  it('names the path a prerendered page answers, the inverse of prerenderedFile', () => {
    for (const path of ['/', '/bmi-calculator', '/blog/list', '/a_b-9']) {
      const file = prerenderedFile(path);
      expect(file, path).not.toBeNull();
      expect(prerenderedPath(file ?? ''), path).toBe(path);
    }
  });

  it('names no path for the not-found page, the route list, the shell or files elsewhere', () => {
    for (const file of [
      NOT_FOUND_FILE,
      ROUTES_FILE,
      'index.html',
      'pages/.html',
      'pages/a.b.html',
      'assets/pages/x.html',
      'pages/x.htm',
    ]) {
      expect(prerenderedPath(file), file).toBeNull();
    }
  });
});

describe('route patterns', () => {
  it('match their path, with or without a trailing slash, and nothing longer', () => {
    expect(patternToRegExp('/posts/$id').test('/posts/12')).toBe(true);
    expect(patternToRegExp('/posts/$id').test('/posts/12/')).toBe(true);
    expect(patternToRegExp('/posts/$id').test('/posts/12/edit')).toBe(false);
    expect(patternToRegExp('/posts/$id').test('/posts/')).toBe(false);
    expect(patternToRegExp('/files/$').test('/files/a/b/c')).toBe(true);
    expect(patternToRegExp('/').test('/')).toBe(true);
    expect(patternToRegExp('/a.b').test('/aXb')).toBe(false);
  });

  it('name the pattern that matches a path, and false when none does', () => {
    expect(routeOf('/dashboard')).toBe('/dashboard');
    expect(routeOf('/posts/12/')).toBe('/posts/$id');
    expect(routeOf('/no-such-page')).toBe(false);
    expect(appRouteOf([])('/anything')).toBe(false);
  });

  it('count every path as known when the list is missing or not a list', () => {
    expect(appRouteOf(undefined)('/anything')).toBe(true);
    expect(appRouteOf({ '/': true })('/anything')).toBe(true);
  });

  it("match a declared parameter's value only when it is of its form (decision 144)", () => {
    const post = patternToRegExp('/posts/$id', { id: 'id' });
    for (const path of ['/posts/1', '/posts/42/', '/posts/999999999999999'])
      expect(post.test(path), path).toBe(true);
    for (const path of [
      '/posts/0',
      '/posts/007',
      '/posts/abc',
      '/posts/1e3',
      '/posts/-1',
      '/posts/1000000000000000',
    ]) {
      expect(post.test(path), path).toBe(false);
    }
    const fits = paramsFit({ id: 'id' });
    expect(fits({ id: '12' })).toBe(true);
    expect(fits({ id: '12a' })).toBe(false);
    expect(fits({})).toBe(false);
  });

  it('read routes.json entries with their parameter forms, and any value for a form they do not know', () => {
    const entries = JSON.parse(
      JSON.stringify(['/', routeEntry('/posts/$id', { id: 'id' }), routeEntry('/files/$name', {})]),
    );
    expect(entries).toEqual(['/', { path: '/posts/$id', params: { id: 'id' } }, '/files/$name']);
    const routeOfEntry = appRouteOf(entries);
    expect(routeOfEntry('/posts/12')).toBe('/posts/$id');
    expect(routeOfEntry('/posts/abc')).toBe(false);
    expect(routeOfEntry('/files/a.txt')).toBe('/files/$name');
    expect(appRouteOf([{ path: '/things/$id', params: { id: 'colour' } }])('/things/red')).toBe(
      '/things/$id',
    );
  });

  it('name the page prerendered once for a pattern, which answers no path of its own', () => {
    expect(patternPageFile('/posts/$id')).toBe('pages/posts/$id.html');
    expect(prerenderedPath(patternPageFile('/posts/$id'))).toBeNull();
  });
});

describe('readAt', () => {
  it("puts in the values a path gives the pattern's parameters", () => {
    expect(readAt('/api/posts/$id/', '/posts/$id', '/posts/42')).toBe('/api/posts/42/');
    expect(readAt('/api/a/$x/b/$y/?n=1', '/a/$x/b/$y', '/a/7/b/9')).toBe('/api/a/7/b/9/?n=1');
  });

  it('keeps a read with no parameter as it is', () => {
    expect(readAt('/api/posts/?page=1', '/bloguser', '/bloguser')).toBe('/api/posts/?page=1');
  });
});

describe('renderedPageOf', () => {
  const blog = { path: '/bloguser', file: 'pages/bloguser.html', reads: ['/api/posts/?page=1'] };
  const postEntry = {
    path: '/posts/$id',
    file: 'pages/posts/$id.html',
    reads: ['/api/posts/$id/'],
    params: { id: 'id' as const },
  };
  const readsNothing = { path: '/about', file: 'pages/about.html', reads: [] };
  const renderedPage = renderedPageOf([blog, postEntry, readsNothing]);

  it('finds the entry that renders a path, by its pattern and the forms of its parameters', () => {
    expect(renderedPage('/bloguser')).toBe(blog);
    expect(renderedPage('/bloguser/')).toBe(blog);
    expect(renderedPage('/posts/12')).toBe(postEntry);
    expect(renderedPage('/posts/12/')).toBe(postEntry);
  });

  it('finds none for another path, a value not of its form, or an entry that reads nothing', () => {
    expect(renderedPage('/blog')).toBeUndefined();
    expect(renderedPage('/posts/abc')).toBeUndefined();
    expect(renderedPage('/posts/012')).toBeUndefined();
    expect(renderedPage('/posts/12/comments')).toBeUndefined();
    expect(renderedPage('/about')).toBeUndefined();
  });

  it('finds it with a query that names no key the page reads; any query when it names none', () => {
    const post = { ...postEntry, query: [] };
    const list = { ...blog, query: ['page', 'search'] };
    const named = renderedPageOf([list, post]);
    expect(named('/posts/12', '?view=all&sort=new')).toBe(post);
    expect(named('/posts/12', '')).toBe(post);
    expect(named('/bloguser', '?view=all')).toBe(list);
    expect(named('/bloguser/', '?sort')).toBe(list);
    expect(named('/bloguser', '?page=2')).toBeUndefined();
    expect(named('/bloguser', '?view=all&search=cat')).toBeUndefined();
    expect(named('/posts/abc', '?ref=x')).toBeUndefined();
    expect(renderedPage('/bloguser', '?view=all')).toBeUndefined();
    expect(renderedPage('/posts/12', '?sort=new')).toBeUndefined();
    expect(renderedPage('/bloguser', '')).toBe(blog);
  });

  it("reads no link's tracking tag as a key the page reads, whatever the page names", () => {
    expect(renderedPage('/bloguser', '?utm_source=news&fbclid=x&ref=hn')).toBe(blog);
    expect(renderedPage('/posts/12', '?utm_campaign=spring')).toBe(postEntry);
    expect(renderedPage('/bloguser', '?utm_source=news&view=all')).toBeUndefined();
  });
});

describe('isTrackingKey and pageQuery', () => {
  it("tells a link's tracking tags from what a page reads", () => {
    for (const key of ['utm_source', 'utm_medium', 'utm_whatever', 'fbclid', 'gclid', 'msclkid', 'ref']) {
      expect(isTrackingKey(key), key).toBe(true);
    }
    for (const key of ['weight', 'page', 'search', 'redirect', 'utm', 'source', 'referrer', 'Ref']) {
      expect(isTrackingKey(key), key).toBe(false);
    }
  });

  it('leaves the tracking tags out of a query, and keeps the rest as it was', () => {
    const query = pageQuery('?weight=70&utm_source=news&height=1.75&fbclid=x&utm_medium=mail');
    expect(query.toString()).toBe('weight=70&height=1.75');
    expect(pageQuery('?utm_source=news').size).toBe(0);
    expect(pageQuery('').size).toBe(0);
    expect(pageQuery('page=2').get('page')).toBe('2');
  });
});

describe("namesKeyRead and the page's READS_QUERY", () => {
  it('tells a query naming a key the page reads from one that names none (decision 172)', () => {
    expect(namesKeyRead('?src=news', [])).toBe(false);
    expect(namesKeyRead('?src=news&x=1', ['page', 'search'])).toBe(false);
    expect(namesKeyRead('?src=news&page=2', ['page', 'search'])).toBe(true);
    expect(namesKeyRead('?redirect=%2Faccount', ['redirect'])).toBe(true);
    expect(namesKeyRead('', ['page'])).toBe(false);
    expect(namesKeyRead('', undefined)).toBe(false);
  });

  it("counts any key but a link's tracking tags for a page that does not say what it reads", () => {
    expect(namesKeyRead('?weight=70', undefined)).toBe(true);
    expect(namesKeyRead('?src=news', undefined)).toBe(true);
    expect(namesKeyRead('?utm_source=news&fbclid=x', undefined)).toBe(false);
    expect(namesKeyRead('?utm_source=news', ['utm_source'])).toBe(false);
  });

  it('writes the keys into the attribute and reads them back; no attribute is not the same as no key', () => {
    expect(readsQueryOf(readsQueryValue(['page', 'size', 'search']))).toEqual(['page', 'size', 'search']);
    expect(readsQueryOf(readsQueryValue([]))).toEqual([]);
    expect(readsQueryOf(undefined)).toBeUndefined();
    expect(readsQueryOf(null)).toBeUndefined();
  });
});

describe('pageAnswer', () => {
  it('answers with the prerendered page of the path when the build made one', () => {
    expect(pageAnswer('/', exists, routeOf)).toEqual({ kind: 'prerendered', file: 'pages/index.html' });
    expect(pageAnswer('/bmi-calculator/', exists, routeOf)).toEqual({
      kind: 'prerendered',
      file: 'pages/bmi-calculator.html',
    });
    // Whether or not a route matches it.
    expect(pageAnswer('/a/b', exists, routeOf)).toEqual({ kind: 'prerendered', file: 'pages/a/b.html' });
  });

  it("answers with the page prerendered for the route's pattern, for any path of it", () => {
    for (const path of ['/posts/1', '/posts/987/']) {
      expect(pageAnswer(path, exists, routeOf), path).toEqual({
        kind: 'prerendered',
        file: 'pages/posts/$id.html',
      });
    }
    // Not when the routes are unknown: no pattern says which page.
    expect(pageAnswer('/posts/1', exists, () => true)).toEqual({ kind: 'shell', file: SHELL_FILE });
  });

  it('answers with the shell for a path a route matches that has no prerendered page', () => {
    for (const path of ['/dashboard', '/files/x/y']) {
      expect(pageAnswer(path, exists, routeOf), path).toEqual({ kind: 'shell', file: SHELL_FILE });
    }
    const withoutPostPage = (file: string) => file !== 'pages/posts/$id.html' && exists(file);
    expect(pageAnswer('/posts/1', withoutPostPage, routeOf)).toEqual({ kind: 'shell', file: SHELL_FILE });
  });

  it('answers with the not-found page for any other path, and with the shell when there is none', () => {
    expect(pageAnswer('/no-such-page', exists, routeOf)).toEqual({
      kind: 'not-found',
      file: NOT_FOUND_FILE,
    });
    expect(pageAnswer('/404', exists, routeOf).kind).toBe('not-found');
    const withoutNotFound = (file: string) => file !== NOT_FOUND_FILE && exists(file);
    expect(pageAnswer('/no-such-page', withoutNotFound, routeOf)).toEqual({
      kind: 'shell',
      file: SHELL_FILE,
    });
  });

  it('asks whether a route matches only when the path has no prerendered page', () => {
    const asked: string[] = [];
    const tracking = (path: string) => {
      asked.push(path);
      return true;
    };
    pageAnswer('/bmi-calculator', exists, tracking);
    expect(asked).toEqual([]);
    pageAnswer('/dashboard', exists, tracking);
    expect(asked).toEqual(['/dashboard']);
  });
});

describe('paths that are not pages', () => {
  it('tells the API and file names apart', () => {
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/api/data/x')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
    expect(namesAFile('/sw.js')).toBe(true);
    expect(namesAFile('/pages/bmi-calculator.html')).toBe(true);
    expect(namesAFile('/bmi-calculator')).toBe(false);
    expect(namesAFile('/v1.2/page')).toBe(false);
  });
});
