import { createContext, type ReactNode, useContext } from 'react';
import { type ApiClient, createApiClient } from '../api-client';

const ApiContext = createContext<ApiClient>(createApiClient());

/** The platform provides the client that knows the session; views read it with `useApi()`. */
export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiClient {
  return useContext(ApiContext);
}
