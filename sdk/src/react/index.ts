export { connectComputeWorker } from '../worker/client';
export { type ComputeApi, type ComputeLoaders, createComputeRunner } from '../worker/protocol';
export { ApiProvider, useApi } from './api-context';
export { ComputeProvider, useCompute } from './compute-context';
export { useCountries, useCpi, useCurrencies, useRates } from './data-queries';
export { type Session, SessionProvider, useSession } from './session-context';
export { CopyResultButton, ToolNote, ToolOutcome } from './tool-outcome';
export { type ToolFormState, useToolForm } from './use-tool-form';
