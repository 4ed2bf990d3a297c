export { CATEGORIES, type Category } from './categories';
export { parseNumber, round, toFixedText, toShortText } from './numbers';
export { err, ok, type Result } from './result';
export { numeric, requiredText, validate } from './schema';
export {
  type ComputeModule,
  defineTool,
  groupByCategory,
  matchesTool,
  type ToolDefinition,
  type ToolManifest,
} from './tool';
export type { ComputeLoaders } from './worker/protocol';
