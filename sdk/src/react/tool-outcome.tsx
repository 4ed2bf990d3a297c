import { useClipboard } from '@mantine/hooks';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { EARLY_OUTCOME } from '../early-answer';
import { IconButton } from './button';
import { Group, Paper, Text } from './layout';
import { useToolActivity } from './tool-context';

/** The id of the element showing a tool's error: one tool's form is on a page (decision 152). */
export const TOOL_ERROR_ID = 'tool-error';

/**
 * The early answer's place keeps whatever the page wrote in it before the app ran: React treats an
 * element with inner HTML as a leaf when it hydrates, and sets that HTML again only when this object
 * changes, which it never does.
 */
const NOTHING_YET = { __html: '' };

function CopyIcon({ copied }: { copied: boolean }) {
  return copied ? (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M5 12l5 5L20 7" />
    </svg>
  ) : (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
    </svg>
  );
}

/**
 * A button copying `value` to the clipboard. Its name stays "Copy result"; once copied, its icon
 * turns into a tick and "Copied" shows beside it, announced politely to screen readers.
 */
export function CopyResultButton({ value }: { value: string }) {
  const { copied, copy } = useClipboard({ timeout: 2000 });
  return (
    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
      {/* Always rendered, so screen readers know the region before its text changes. */}
      <Text
        span
        size="sm"
        fw={500}
        role="status"
        c="light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))"
      >
        {copied ? 'Copied' : ''}
      </Text>
      <IconButton
        variant="subtle"
        color={copied ? 'teal' : 'gray'}
        onClick={() => copy(value)}
        aria-label="Copy result"
        title="Copy result"
      >
        <CopyIcon copied={copied} />
      </IconButton>
    </Group>
  );
}

interface ToolOutcomeProps {
  error?: string | undefined;
  /** The result's main sentence, also what the copy button copies. Nothing is shown while undefined. */
  text?: string | undefined;
  /** More of the result under the sentence (tables, charts, details). */
  children?: ReactNode;
}

/**
 * The place under the button: the error in red, or the result with a copy button. It first holds
 * the answer the page gave before the app ran (decision 084), until the app shows its own outcome.
 * A new outcome after a submit of its form is scrolled into view (decision 121).
 */
export function ToolOutcome({ error, text, children }: ToolOutcomeProps) {
  const ResultActions = useToolActivity()?.ResultActions;
  const early = useRef<HTMLDivElement>(null);
  const place = useRef<HTMLDivElement>(null);
  const pressed = useRef(false);
  const shown = error !== undefined || text !== undefined;
  // Before the paint that shows the app's outcome, so the two never show together.
  useLayoutEffect(() => {
    if (shown) early.current?.replaceChildren();
  }, [shown]);
  // Only a submit of the form asks to see its answer: not a shared link's, nor a keystroke.
  useLayoutEffect(() => {
    const form = place.current?.closest('form');
    if (!form) return;
    const press = () => {
      pressed.current = true;
    };
    const type = () => {
      pressed.current = false;
    };
    form.addEventListener('submit', press);
    form.addEventListener('input', type);
    return () => {
      form.removeEventListener('submit', press);
      form.removeEventListener('input', type);
    };
  }, []);
  // A phone's screen may end above the outcome (decision 121). Never smooth: the page sets no
  // scroll-behavior, which also spares those who prefer reduced motion.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new error or text is what is revealed
  useLayoutEffect(() => {
    if (!shown || !pressed.current) return;
    pressed.current = false;
    place.current?.scrollIntoView({ block: 'nearest' });
  }, [shown, error, text]);
  return (
    <div ref={place} aria-live="polite">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: an empty constant, so React leaves the early answer alone */}
      <div ref={early} {...{ [EARLY_OUTCOME]: '' }} dangerouslySetInnerHTML={NOTHING_YET} />
      {error !== undefined && (
        <Text
          role="alert"
          c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))"
          fw={500}
          mt="md"
          data-testid="tool-error"
          // What the field the error is about is described by (useToolForm, decision 152).
          id={TOOL_ERROR_ID}
        >
          {error}
        </Text>
      )}
      {error === undefined && text !== undefined && (
        // A long word (a link, a huge figure), here or in the details, breaks rather than widening the page.
        <Paper
          withBorder
          p="md"
          mt="md"
          radius="md"
          data-testid="tool-result"
          style={{ overflowWrap: 'anywhere' }}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={600} style={{ whiteSpace: 'pre-line', minWidth: 0 }}>
              {text}
            </Text>
            <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
              {ResultActions && <ResultActions text={text} />}
              <CopyResultButton value={text} />
            </Group>
          </Group>
          {children}
        </Paper>
      )}
    </div>
  );
}
