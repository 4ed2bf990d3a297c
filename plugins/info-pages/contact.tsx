import { Alert, Anchor, Stack, Textarea } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { ApiError, withReason } from '@toolbox/sdk';
import { Button, keepDraft, readDraft, TextField, useApi } from '@toolbox/sdk/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import classes from './contact.module.css';
import { InfoPage } from './info-page';

const FIELDS = ['name', 'email', 'message'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = { name: '', email: '', message: '' };
/** The message being written, kept for the tab until sent (decision 117). */
const DRAFT_KEY = 'contact:message';

/** The server's limits (docs/api.md): longer input is refused there, so the fields stop at them. */
const MAX_LENGTH: Record<Field, number> = { name: 150, email: 254, message: 5000 };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const MESSAGES = {
  name: 'Please enter your name.',
  email: 'Please enter a valid email address.',
  message: 'Please enter a message.',
  sent: 'Message sent successfully!',
  failed: 'Failed to send message.',
  throttled: 'Too many messages sent. Please try again later.',
} as const;

function validate(values: Values): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = MESSAGES.name;
  if (!EMAIL.test(values.email.trim())) errors.email = MESSAGES.email;
  if (!values.message.trim()) errors.message = MESSAGES.message;
  return errors;
}

/** The first message of each of our fields in a 400 answer's `{ field: [messages] }` map. */
function serverFieldErrors(error: ApiError): Errors {
  const errors: Errors = {};
  for (const field of FIELDS) {
    const first = error.fieldErrors[field]?.[0];
    if (first) errors[field] = first;
  }
  return errors;
}

/**
 * A text field's message in the readable red of `classes.error` (Mantine's `classNames` error slot,
 * which the SDK's TextField has no part of: the class goes on the text inside its error line).
 */
function errorText(message: string | undefined) {
  return message ? <span className={classes.error}>{message}</span> : undefined;
}

type Status = { kind: 'idle' } | { kind: 'sent' } | { kind: 'failed'; message: string };

export default function ContactPage() {
  const api = useApi();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };

  // A message left unsent comes back after a reload (a phone that dropped the page while another app
  // was open). Read once the prerendered page is adopted, which shows the empty form.
  useEffect(() => {
    const draft = readDraft<Partial<Values>>(DRAFT_KEY);
    if (draft) setValues({ ...EMPTY, ...draft });
  }, []);

  const focusFirstInvalid = (found: Errors) => {
    const first = FIELDS.find((field) => found[field]);
    if (first) refs[first].current?.focus();
  };

  const change = (field: Field) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => {
      const next = { ...current, [field]: value };
      keepDraft(DRAFT_KEY, FIELDS.some((key) => next[key] !== '') ? next : undefined);
      return next;
    });
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (status.kind === 'sent') setStatus({ kind: 'idle' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validate(values);
    setErrors(found);
    setStatus({ kind: 'idle' });
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(found);
      return;
    }
    setBusy(true);
    try {
      await api.post('/api/contact/', {
        name: values.name.trim(),
        email: values.email.trim(),
        message: values.message.trim(),
      });
      setValues(EMPTY);
      keepDraft(DRAFT_KEY, undefined);
      setStatus({ kind: 'sent' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        const body = error.body as { error?: unknown } | null;
        setStatus({
          kind: 'failed',
          message: typeof body?.error === 'string' ? body.error : MESSAGES.throttled,
        });
      } else {
        const fromServer = error instanceof ApiError ? serverFieldErrors(error) : {};
        setErrors(fromServer);
        focusFirstInvalid(fromServer);
        // The server's reason, unless it is already shown next to a field.
        const shown = Object.keys(fromServer).length > 0;
        setStatus({ kind: 'failed', message: shown ? MESSAGES.failed : withReason(MESSAGES.failed, error) });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <InfoPage
      title="Contact Us"
      lead={
        <>
          Questions, a tool you would like to see, or a result that looks wrong: write to us and we will reply
          by email. Many questions are already answered in the{' '}
          <Anchor component={Link} to="/faq" underline="always">
            FAQ
          </Anchor>
          .
        </>
      }
      prose={false}
    >
      <form onSubmit={submit} noValidate aria-label="Contact form">
        <Stack gap="md" maw={560}>
          <TextField
            ref={refs.name}
            label="Name"
            name="name"
            autoComplete="name"
            required
            maxLength={MAX_LENGTH.name}
            value={values.name}
            onChange={change('name')}
            error={errorText(errors.name)}
          />
          <TextField
            ref={refs.email}
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={MAX_LENGTH.email}
            value={values.email}
            onChange={change('email')}
            error={errorText(errors.email)}
          />
          <Textarea
            ref={refs.message}
            label="Message"
            name="message"
            required
            autosize
            minRows={6}
            maxRows={16}
            maxLength={MAX_LENGTH.message}
            description={`Up to ${MAX_LENGTH.message} characters.`}
            value={values.message}
            onChange={change('message')}
            error={errors.message}
            classNames={{ error: classes.error }}
          />
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? 'Sending...' : 'Submit'}
            </Button>
          </div>
          {/* Always present, so screen readers announce the success message when it appears. */}
          <div role="status">
            {status.kind === 'sent' ? <p className={classes.sent}>{MESSAGES.sent}</p> : null}
          </div>
          {status.kind === 'failed' ? (
            <Alert role="alert" color="red" variant="light">
              {status.message}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </InfoPage>
  );
}
