/**
 * The page's entry, small so that it runs at once (decisions 076, 084, 085 and 090): from here on
 * what the visitor types or submits is held (early-input.ts), a tool's form (and a shared link's
 * input, written into it) is answered without the app (early-answer.ts, early-computes.ts), and
 * the app itself (start.tsx: React, Mantine, the router) starts, on a page whose form the page
 * answers itself, when the visitor lets the page be (start-when-quiet.ts), and at once elsewhere.
 * It loads its scripts and the page's full stylesheets then (app-files.ts), adopts the prerendered
 * page and plays back what was held. The stylesheets are imported here: the build inlines what a
 * prerendered page's first paint needs.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import './global.css';
import './early-answer.css';

import { EARLY_FORM, TOOL_FORM } from '@toolbox/sdk';
import { namesKeyRead, pageQuery, QUERY_STATE, READS_QUERY, readsQueryOf } from '@toolbox/sdk/page-files';
import { connectComputeWorker, createComputeRunner } from '@toolbox/sdk/react';
import { loadDeferredStyles, nextTask, preloadAppScripts } from './app-files';
import { answerEarly, fillFromLink, opensAppList, worksWithoutTheApp } from './early-answer';
import { computeOwnToolsHere, earlyComputeLoaders } from './early-computes';
import { holdEarlyInput } from './early-input';
import { preloadPatternReads } from './pattern-reads';
import { reloadOnStaleChunk } from './reload-on-stale-chunk';
import { isSearchShortcut } from './search-shortcut';
import { startWhenQuiet } from './start-when-quiet';

// Before the app's own import, which a deployment may have made stale.
if (import.meta.env.PROD) reloadOnStaleChunk();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = container;
// A page prerendered for a route's pattern asks for its API reads at this path now, as the page of
// one path asks for its own in its <head>.
preloadPatternReads(root);
// The tool whose form the page answers computes here, on the main thread, before the app starts and
// after (early-computes.ts). Any other tool computes in the worker, started with its first
// calculation (or the visitor's first sign of use).
const worker = connectComputeWorker(
  () => new Worker(new URL('./compute.worker.ts', import.meta.url), { type: 'module' }),
);
const earlyComputes = earlyComputeLoaders();
const computesHere = createComputeRunner(earlyComputes);
const early = answerEarly(root, computesHere);
const compute = computeOwnToolsHere(computesHere, new Set(Object.keys(earlyComputes)), worker);

function startApp() {
  // Each step in a task of its own, so that none holds the main thread long (each costs tens of
  // milliseconds on a slow phone): the app's scripts asked for (a few per task, meanwhile), the
  // page's full stylesheets applied (what the app shows next, menus, dialogs, results, needs them),
  // React evaluated (half the shell), then the rest of the app evaluated and the page adopted.
  void preloadAppScripts();
  void nextTask()
    .then(loadDeferredStyles)
    .then(nextTask)
    .then(() => import('./react-dom'))
    .then(nextTask)
    .then(() => import('./start'))
    .then(({ start }) =>
      start({
        container: root,
        compute,
        sharedLink,
        // The app holds the page from here: its outcomes replace the early ones.
        playBackEarlyInput: () => {
          early.stop();
          playBack();
        },
      }),
    );
}

const earlyForm = root.dataset.prerendered
  ? root.querySelector<HTMLFormElement>(`form[${EARLY_FORM}]`)
  : null;
// A page the server sent with its data was rendered for this very address: its query, if any, names
// nothing the page reads (decision 170), so the page is adopted as sent, as without a query.
const sentWithData = document.querySelector(`script[${QUERY_STATE}]`) !== null;
// A query that names no key the page reads (a link's tracking tags, decision 171, or any key on a page
// that says it reads none, decision 172) is no input: the page is opened plainly, and adopted.
const sharedLink =
  !sentWithData && namesKeyRead(window.location.search, readsQueryOf(root.getAttribute(READS_QUERY)));
// A shared link (its input in the query) on a form the page answers: the page shows that input and
// answers it, as if the visitor had typed it (the app, once started, renders the link afresh).
const linkShown =
  earlyForm !== null && sharedLink && fillFromLink(earlyForm, pageQuery(window.location.search));
if (linkShown) earlyForm.dispatchEvent(new Event('input', { bubbles: true }));

// A shared link on a tool form the page cannot answer itself (its tool needs the app's data): the
// app computes it once it has started and has the data; the tool's compute loads meanwhile.
const linkedTool =
  sharedLink && !linkShown && root.dataset.prerendered
    ? root.querySelector(`form[${TOOL_FORM}]`)?.getAttribute(TOOL_FORM)
    : undefined;
if (linkedTool) void compute.prepare(linkedTool);

const appStart = startWhenQuiet(startApp, {
  answersItself: worksWithoutTheApp,
  busy: early.busy,
});
// A page the server sent with its data is whole without the app (decision 161), as a page that
// answers its form is. Elsewhere nothing on the page works without the app (the shell, not
// prerendered, or a page without a form the page answers itself), or the visitor came for what only
// the app can show (a shared link the form cannot show): it starts at once, in a task after this one.
if ((!earlyForm && !sentWithData) || (sharedLink && !linkShown)) setTimeout(appStart.now, 0);
else if (linkShown) {
  void early.answer(earlyForm).then((answered) => (answered ? appStart.answered() : appStart.now()));
}
// From now until the page is hydrated (or rendered afresh), what the visitor does is held; a
// submission the page cannot answer itself starts the app at once.
const playBack = holdEarlyInput(root, {
  holdsKey: (event) => isSearchShortcut(event) || opensAppList(event),
  onHeldSubmit: (form) =>
    void early.answer(form).then((answered) => (answered ? appStart.answered() : appStart.now())),
});
