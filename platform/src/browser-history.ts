import { createBrowserHistory, type RouterHistory } from '@tanstack/react-router';

/**
 * The browser history the app's router runs on: TanStack's, less its `beforeunload` listener.
 * That listener serves navigation blockers, which the app does not use; while a page has one, the
 * browser asks the page's main thread before every reload or departure, so leaving a busy page
 * waits for it (decision 094). The history is given a window whose `addEventListener` refuses that
 * one event; everything else it reads (history, location, document) is the real window's.
 */
export function createAppHistory(win: Window = window): RouterHistory {
  const withoutUnloadPrompt = {
    history: win.history,
    location: win.location,
    document: win.document,
    addEventListener: (...args: Parameters<Window['addEventListener']>) => {
      if (args[0] !== 'beforeunload') win.addEventListener(...args);
    },
    removeEventListener: (...args: Parameters<Window['removeEventListener']>) =>
      win.removeEventListener(...args),
  };
  return createBrowserHistory({ window: withoutUnloadPrompt });
}
