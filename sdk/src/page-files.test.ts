import { describe, expect, it } from 'vitest';
import {
  appRouteTest,
  isApiPath,
  NOT_FOUND_FILE,
  namesAFile,
  pageAnswer,
  patternToRegExp,
  prerenderedFile,
  prerenderedPath,
  ROUTES_FILE,
  SHELL_FILE,
} from './page-files';

const BUILT = new Set([
  SHELL_FILE,
  NOT_FOUND_FILE,
  'pages/index.html',
  'pages/bmi-calculator.html',
  'pages/a/b.html',
]);
const exists = (file: string) => BUILT.has(file);
const isAppRoute = appRouteTest(['/', '/bmi-calculator', '/dashboard', '/posts/$id', '/files/$']);

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

  it('count every path as known when the list is missing or not a list', () => {
    expect(appRouteTest(undefined)('/anything')).toBe(true);
    expect(appRouteTest({ '/': true })('/anything')).toBe(true);
    expect(appRouteTest([])('/anything')).toBe(false);
    expect(isAppRoute('/dashboard')).toBe(true);
    expect(isAppRoute('/no-such-page')).toBe(false);
  });
});

describe('pageAnswer', () => {
  it('answers with the prerendered page of the path when the build made one', () => {
    expect(pageAnswer('/', exists, isAppRoute)).toEqual({ kind: 'prerendered', file: 'pages/index.html' });
    expect(pageAnswer('/bmi-calculator/', exists, isAppRoute)).toEqual({
      kind: 'prerendered',
      file: 'pages/bmi-calculator.html',
    });
    // Whether or not a route matches it.
    expect(pageAnswer('/a/b', exists, isAppRoute)).toEqual({ kind: 'prerendered', file: 'pages/a/b.html' });
  });

  it('answers with the shell for a path a route matches that has no prerendered page', () => {
    for (const path of ['/dashboard', '/posts/1', '/files/x/y']) {
      expect(pageAnswer(path, exists, isAppRoute), path).toEqual({ kind: 'shell', file: SHELL_FILE });
    }
  });

  it('answers with the not-found page for any other path, and with the shell when there is none', () => {
    expect(pageAnswer('/no-such-page', exists, isAppRoute)).toEqual({
      kind: 'not-found',
      file: NOT_FOUND_FILE,
    });
    expect(pageAnswer('/404', exists, isAppRoute).kind).toBe('not-found');
    const withoutNotFound = (file: string) => file !== NOT_FOUND_FILE && exists(file);
    expect(pageAnswer('/no-such-page', withoutNotFound, isAppRoute)).toEqual({
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
