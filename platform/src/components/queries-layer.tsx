/** The query cache's provider in a chunk of its own: page plugins' views load it, the first page does not. */
export { QueriesProvider } from '@toolbox/sdk/react';
