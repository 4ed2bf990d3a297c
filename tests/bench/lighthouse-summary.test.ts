import { describe, expect, it } from 'vitest';
import { type LighthouseReport, longestTasks, summarizeLighthouse } from './lighthouse-summary';

/** A report as Lighthouse 13 writes it, cut down to what the summary reads. */
function report(
  tbt: number,
  tasks: { url?: string; startTime: number; duration: number }[] = [],
  performance = 0.9,
): LighthouseReport {
  return {
    categories: { performance: { score: performance }, accessibility: { score: 1 } },
    audits: {
      'largest-contentful-paint': { numericValue: 1100.4 },
      'total-blocking-time': { numericValue: tbt },
      'cumulative-layout-shift': { numericValue: 0 },
      'long-tasks': { details: { items: tasks } },
    },
    environment: { benchmarkIndex: 1302.5 },
  };
}

describe('longestTasks', () => {
  it('lists the longest tasks first, by file name, with their start in the simulated timeline', () => {
    const tasks = [
      { url: 'http://127.0.0.1:3000/assets/index-mN0LaN2-.js', startTime: 1254.2, duration: 114.4 },
      { url: 'http://127.0.0.1:3000/assets/react-CtdGutXC.js', startTime: 3027, duration: 157.2 },
      { url: 'Unattributable', startTime: 603, duration: 241 },
      { url: 'http://127.0.0.1:3000/currency-converter', startTime: 1758, duration: 60 },
    ];
    expect(longestTasks(report(400, tasks))).toEqual([
      'Unattributable 241 ms at 603',
      'react-CtdGutXC.js 157 ms at 3027',
      'index-mN0LaN2-.js 114 ms at 1254',
    ]);
    expect(longestTasks(report(400, tasks), 1)).toEqual(['Unattributable 241 ms at 603']);
  });

  it('names a page by its path and a task with no source as unattributed', () => {
    const tasks = [
      { url: 'http://127.0.0.1:3000/currency-converter', startTime: 10, duration: 90 },
      { startTime: 20, duration: 80 },
    ];
    expect(longestTasks(report(100, tasks))).toEqual([
      'currency-converter 90 ms at 10',
      'unattributed 80 ms at 20',
    ]);
  });

  it('lists nothing for a report without long tasks', () => {
    expect(longestTasks(report(0))).toEqual([]);
    expect(longestTasks({ categories: {}, audits: {} })).toEqual([]);
  });
});

describe('summarizeLighthouse', () => {
  it('prints the medians and the longest tasks of the run whose TBT is the median', () => {
    const line = summarizeLighthouse([
      report(900, [{ url: 'http://h/assets/a.js', startTime: 1, duration: 300 }], 0.7),
      report(250, [{ url: 'http://h/assets/median.js', startTime: 2, duration: 120 }], 0.95),
      report(100, [{ url: 'http://h/assets/c.js', startTime: 3, duration: 80 }], 0.99),
    ]);
    expect(line).toBe(
      'performance 0.95 accessibility 1 LCP 1100 ms TBT 250 ms CLS 0.000 CPU index 1303 (median of 3); ' +
        'longest tasks: median.js 120 ms at 2',
    );
  });

  it('says when no task was long, and how many runs were run again', () => {
    expect(summarizeLighthouse([report(0)], 2)).toBe(
      'performance 0.9 accessibility 1 LCP 1100 ms TBT 0 ms CLS 0.000 CPU index 1303 ' +
        '(median of 1; 2 failed runs run again); longest tasks: none over 50 ms',
    );
  });

  it('refuses to summarize no runs', () => {
    expect(() => summarizeLighthouse([])).toThrow('no Lighthouse report');
  });
});
