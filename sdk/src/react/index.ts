export { connectComputeWorker } from '../worker/client';
export { type ComputeApi, type ComputeLoaders, createComputeRunner } from '../worker/protocol';
export { ComputeProvider, useCompute } from './compute-context';
export { CopyResultButton, ToolNote, ToolOutcome } from './tool-outcome';
export { type ToolFormState, useToolForm } from './use-tool-form';
