import { Alert, Card, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { SessionUser } from '@toolbox/sdk';
import { Button, TextField, useApi, useSession } from '@toolbox/sdk/react';
import { type FormEvent, useId, useRef, useState } from 'react';
import {
  INCOMPLETE_LOGIN,
  LOGIN_FIELDS,
  type LoginFailure,
  type LoginField,
  loginFailure,
  readLoginAnswer,
} from './messages';
import { SIGN_UP_PATH } from './paths';
import { useFocusAfterRender } from './use-focus-after-render';

interface LoginCardProps {
  /** 1 on the login page, 2 beside Home's hero. */
  headingOrder: 1 | 2;
  /** Called after the session is stored. */
  onSignedIn?: () => void;
}

const NOT_REFUSED: Omit<LoginFailure, 'message'> = { fields: {}, credentials: false };

/** Spec 2.3: Username, Password, 'Login', and 'Signup' to /sign-up, in a card of at most 400 px. */
export function LoginCard({ headingOrder, onSignedIn }: LoginCardProps) {
  const api = useApi();
  const session = useSession();
  const headingId = useId();
  const errorId = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<Omit<LoginFailure, 'message'>>(NOT_REFUSED);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const focusAfterRender = useFocusAfterRender();

  /** Focus goes to the first field the server named, else to Username: the alert describes it. */
  function fail(failure: LoginFailure | string) {
    const { message, ...rest } = typeof failure === 'string' ? { ...NOT_REFUSED, message: failure } : failure;
    setError(message);
    setRefused(rest);
    const first = LOGIN_FIELDS.find((field) => rest.fields[field]) ?? 'username';
    focusAfterRender(() => form.current?.elements.namedItem(first) as HTMLElement | null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setRefused(NOT_REFUSED);
    setBusy(true);
    try {
      const login = readLoginAnswer(await api.post<unknown>('/api/login/', { username, password }));
      if (!login) {
        fail(INCOMPLETE_LOGIN);
        return;
      }
      try {
        // The platform checks the user's shape and refuses one it could not read back.
        session.signIn(login.token, login.user as SessionUser);
      } catch {
        fail(INCOMPLETE_LOGIN);
        return;
      }
      onSignedIn?.();
    } catch (failure) {
      fail(loginFailure(failure));
    } finally {
      setBusy(false);
    }
  }

  /**
   * A field the server named shows its message under it; refused credentials mark both fields. The
   * alert describes Username, where focus goes (Mantine's password field takes no description of ours).
   */
  const marks = (field: LoginField) => {
    const own = refused.fields[field];
    const invalid = Boolean(own) || refused.credentials;
    const byAlert = Boolean(error) && !own && field === 'username';
    return {
      error: own ?? (invalid || undefined),
      'aria-invalid': invalid || undefined,
      'aria-describedby': byAlert ? errorId : undefined,
    };
  };

  return (
    <Card withBorder shadow="sm" padding="lg" radius="md" maw={400} w="100%" mx="auto">
      <form
        ref={form}
        onSubmit={submit}
        aria-labelledby={headingId}
        aria-describedby={error ? errorId : undefined}
      >
        <Stack gap="md">
          <Title order={headingOrder} id={headingId} size="h2">
            Login
          </Title>
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            {...marks('username')}
          />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            {...marks('password')}
          />
          {error && (
            <Alert id={errorId} color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group grow>
            <Button type="submit" loading={busy}>
              Login
            </Button>
            <Button renderRoot={(props) => <Link {...props} to={SIGN_UP_PATH} />} variant="default">
              Signup
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
