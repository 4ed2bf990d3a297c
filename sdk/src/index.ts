export {
  type ApiClient,
  ApiError,
  createApiClient,
  type DownloadedFile,
  filenameOf,
  followedBy,
  type RequestOptions,
  reasonOf,
  TOO_SLOW,
  UNREACHABLE,
  withQuery,
  withReason,
} from './api-client';
export { CATEGORIES, type Category } from './categories';
export { currencyCode, rateOf } from './currency-codes';
export {
  type Country,
  type CpiAnswer,
  type Currency,
  IMAGE_KEYWORD_MAX,
  IMAGE_SEARCH_MESSAGES,
  type ImageHit,
  OFFLINE_IMAGE_CREDIT,
  type PlaceAnswer,
  type RatesAnswer,
  type RouteAnswer,
  type RouteMapAnswer,
} from './data-types';
export { EARLY_COMPUTES, EARLY_FORM, EARLY_INITIAL, EARLY_OUTCOME, TOOL_FORM } from './early-answer';
export { escapeHtml } from './html';
export { namesNoFiniteNumber, parseNumber, round, toFixedText, toShortText } from './numbers';
export {
  type Access,
  canAccess,
  DASHBOARD_PATH,
  definePages,
  LOGIN_REDIRECT,
  loginPathOf,
  type NavEntry,
  type NavLink,
  type NavPlace,
  navEntries,
  type PageRoute,
  type PagesManifest,
  ROLES,
  type Role,
  type SessionUser,
  type SlotName,
} from './page';
export { err, finiteResult, ok, type Result, TOO_LARGE } from './result';
export { ROUTE_MAP_HEIGHT, ROUTE_MAP_WIDTH } from './route-map-size';
export { ROUTE_MESSAGES } from './route-messages';
export { numeric, refusal, requiredText, validate } from './schema';
export { byText, withThousands } from './text-order';
export {
  type ComputeModule,
  defineTool,
  groupByCategory,
  matchesTool,
  type ToolContext,
  type ToolDefinition,
  type ToolEntry,
  type ToolManifest,
  type ToolServerInput,
} from './tool';
export {
  type Comment,
  type ConvertFormats,
  countText,
  EXACT_COUNT_LIMIT,
  type LikeReply,
  ME_PATH,
  type Page,
  POST_STATUSES,
  type Post,
  type PostStatus,
  type Profile,
  RECENT_TOOLS_LIMIT,
  SAVED_CALCULATIONS_LIMIT,
  type SavedCalculation,
  type SavedCalculationDraft,
  type ShareReply,
} from './wire';
export { type ComputeLoaders, UNEXPECTED_ERROR } from './worker/protocol';
