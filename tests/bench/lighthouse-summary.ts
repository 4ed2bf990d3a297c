/**
 * What `npm run bench` prints of a page's Lighthouse runs: the median of each figure and, from the
 * run whose Total Blocking Time is the median, its longest main-thread tasks as Lighthouse
 * attributes them (the script or document, start and length in its simulated timeline). Lighthouse
 * multiplies what it observes by its CPU slowdown (4×), so a task counts towards TBT by what it
 * takes beyond 50 ms there: the list says which tasks those are.
 */
import { median } from './benched-app';

/** The parts of a Lighthouse JSON report read here. */
export interface LighthouseReport {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<
    string,
    | {
        numericValue?: number;
        details?: { items?: { url?: string; startTime?: number; duration?: number }[] };
      }
    | undefined
  >;
  environment?: { benchmarkIndex?: number };
}

interface RunFigures {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
  cpu: number;
}

const figuresOf = (report: LighthouseReport): RunFigures => ({
  performance: report.categories.performance?.score ?? Number.NaN,
  accessibility: report.categories.accessibility?.score ?? Number.NaN,
  lcp: report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
  tbt: report.audits['total-blocking-time']?.numericValue ?? Number.NaN,
  cls: report.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
  cpu: report.environment?.benchmarkIndex ?? Number.NaN,
});

/** A task's source as a short name: the file of a URL (`react-CtdGutXC.js`), or Lighthouse's label. */
const sourceName = (url = '') => {
  try {
    const { pathname } = new URL(url);
    return pathname.split('/').filter(Boolean).pop() ?? pathname;
  } catch {
    return url || 'unattributed';
  }
};

/** The `count` longest tasks of a report, longest first: `react-CtdGutXC.js 157 ms at 3027`. */
export function longestTasks(report: LighthouseReport, count = 3): string[] {
  const items = report.audits['long-tasks']?.details?.items ?? [];
  return items
    .flatMap(({ url, startTime = 0, duration }) =>
      duration === undefined ? [] : [{ url, startTime, duration }],
    )
    .sort((a, b) => b.duration - a.duration)
    .slice(0, count)
    .map((task) => `${sourceName(task.url)} ${task.duration.toFixed(0)} ms at ${task.startTime.toFixed(0)}`);
}

/** One line: the medians of `reports`, then the longest tasks of the run with the median TBT. */
export function summarizeLighthouse(reports: LighthouseReport[], retried = 0): string {
  if (reports.length === 0) throw new Error('no Lighthouse report to summarize');
  const runs = reports.map(figuresOf);
  const of = (key: keyof RunFigures) => median(runs.map((run) => run[key]));
  const tbt = of('tbt');
  // median() picks one of the values (the upper middle one): the run it came from.
  const medianRun = Math.max(
    0,
    runs.findIndex((run) => run.tbt === tbt),
  );
  const tasks = longestTasks(reports[medianRun] as LighthouseReport);
  const again = retried ? `; ${retried} failed run${retried > 1 ? 's' : ''} run again` : '';
  return (
    `performance ${of('performance')} accessibility ${of('accessibility')} LCP ${of('lcp').toFixed(0)} ms ` +
    `TBT ${tbt.toFixed(0)} ms CLS ${of('cls').toFixed(3)} CPU index ${of('cpu').toFixed(0)} ` +
    `(median of ${runs.length}${again}); longest tasks: ${tasks.length ? tasks.join(', ') : 'none over 50 ms'}`
  );
}
