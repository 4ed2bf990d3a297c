export { connectComputeWorker } from '../worker/client';
export { type ComputeApi, type ComputeLoaders, createComputeRunner } from '../worker/protocol';
export { ApiProvider, useApi } from './api-context';
export {
  Button,
  type ButtonProps,
  IconButton,
  type IconButtonProps,
  Kbd,
  PlainButton,
  type PlainButtonProps,
  type RootProps,
  Spinner,
} from './button';
export {
  type CachedDataOptions,
  type DataState,
  noteOpeningData,
  useAnswerWhenDataArrives,
  useCachedData,
} from './cached-data';
export { type Choice, choicesFor, labelledChoices } from './choices';
export { ComputeProvider, useCompute } from './compute-context';
export { useCountries, useCpi, useCurrencies, useRates } from './data-queries';
export { Dialog, type DialogProps, useReturnFocus } from './dialog';
export { keepDraft, readDraft, useDraft } from './draft';
export { FieldRow, type FieldRowProps } from './field-row';
export { HeaderIconLink } from './header-icon-link';
export { useGoBack, useReplaceAddress } from './history-moves';
export {
  Anchor,
  type AnchorProps,
  Box,
  type BoxProps,
  Center,
  Container,
  type ContainerProps,
  Group,
  type GroupProps,
  Paper,
  type PaperProps,
  Progress,
  type ProgressProps,
  Stack,
  type StackProps,
  Text,
  type TextProps,
  Title,
  type TitleProps,
  VisuallyHidden,
} from './layout';
export { NotificationsHost, type NotifyOptions, type NotifyTone, notify } from './notify';
export { NumberField, type NumberFieldProps } from './number-field';
export { useObjectUrl } from './object-url';
export { documentTitle, type PageHead, PageHeadNotes, SITE_NAME, usePageHead } from './page-head';
export {
  noteOpeningQueries,
  openingQueryState,
  QueriesProvider,
  sharedQueryClient,
} from './query-client';
export { QueryKeyNotes, useQueryRead } from './query-notes';
export { RadioField, type RadioFieldProps } from './radio-field';
export { useReturnAddress } from './return-address';
export {
  SearchableSelect,
  type SearchableSelectProps,
  type SelectData,
  type SelectGroup,
  type SelectItem,
} from './searchable-select';
export { SelectField, type SelectFieldProps } from './select-field';
export { type Session, SessionProvider, useSession } from './session-context';
export type { StyleProps } from './style-props';
export { FieldFrame, type FieldFrameProps, TextField, type TextFieldProps } from './text-field';
export { type ToolActivity, ToolProvider, useTool, useToolActivity } from './tool-context';
export { ToolNote } from './tool-note';
export { CopyResultButton, ToolOutcome } from './tool-outcome';
export { useAdopting } from './use-adopting';
export { type FieldBinding, type FieldInput, type ToolFormState, useToolForm } from './use-tool-form';
export {
  EMPTY_YOUR_TOOLS,
  useIsFavourite,
  useYourTools,
  useYourToolsStore,
  type YourTools,
  YourToolsProvider,
  type YourToolsSnapshot,
} from './your-tools-context';
