/**
 * React DOM as the app uses it (start.tsx), in a module of its own: the entry (main.tsx) evaluates
 * it, with React, in a task before the rest of the app. The bundle keeps it in the "react" chunk.
 */
export { flushSync } from 'react-dom';
export { createRoot, hydrateRoot } from 'react-dom/client';
