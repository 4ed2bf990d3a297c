import { Alert, Card, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { SessionUser } from '@toolbox/sdk';
import { Button, TextField, useApi, useSession } from '@toolbox/sdk/react';
import { type FormEvent, useId, useState } from 'react';
import { INCOMPLETE_LOGIN, loginErrorMessage, readLoginAnswer } from './messages';

interface LoginCardProps {
  /** 1 on the login page, 2 beside Home's hero. */
  headingOrder: 1 | 2;
  /** Called after the session is stored. */
  onSignedIn?: () => void;
}

/** Spec 2.3: Username, Password, 'Login', and 'Signup' to /sign-up, in a card of at most 400 px. */
export function LoginCard({ headingOrder, onSignedIn }: LoginCardProps) {
  const api = useApi();
  const session = useSession();
  const headingId = useId();
  const errorId = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const login = readLoginAnswer(await api.post<unknown>('/api/login/', { username, password }));
      if (!login) {
        setError(INCOMPLETE_LOGIN);
        return;
      }
      try {
        // The platform checks the user's shape and refuses one it could not read back.
        session.signIn(login.token, login.user as SessionUser);
      } catch {
        setError(INCOMPLETE_LOGIN);
        return;
      }
      onSignedIn?.();
    } catch (failure) {
      setError(loginErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder shadow="sm" padding="lg" radius="md" maw={400} w="100%" mx="auto">
      <form onSubmit={submit} aria-labelledby={headingId} aria-describedby={error ? errorId : undefined}>
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
          />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
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
            <Button renderRoot={(props) => <Link {...props} to="/sign-up" />} variant="default">
              Signup
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
