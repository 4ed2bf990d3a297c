import { Alert, Card, Container, Group, PasswordInput, Progress, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { DASHBOARD_PATH } from '@toolbox/sdk';
import { Button, notify, TextField, useApi, useSession } from '@toolbox/sdk/react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { PROFILES_PATH } from '../_shared/profiles/paths';
import { blankSignUpFields, SIGN_UP_FAILED, type SignUpField, signUpFailure } from './messages';
import { LOGOUT_PATH } from './paths';
import { useFocusAfterRender } from './use-focus-after-render';

type Values = Record<SignUpField, string>;

const EMPTY: Values = { username: '', email: '', password: '', full_name: '', phone_number: '', address: '' };

const FIELDS: { name: SignUpField; label: string; type?: string; autoComplete: string }[] = [
  { name: 'username', label: 'Username', autoComplete: 'username' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', autoComplete: 'new-password' },
  { name: 'full_name', label: 'Full Name', autoComplete: 'name' },
  { name: 'phone_number', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
  { name: 'address', label: 'Address', autoComplete: 'street-address' },
];

function announceSuccess() {
  notify('success', 'Sign Up Successful', 'You can log in now.');
}

/** A signed-in person is told whose session this is and offered the two ways on, rather than a form. */
function SignedInNotice({ username }: { username: string }) {
  return (
    <>
      <Text>
        You are logged in as <strong>{username}</strong>. To create another account, log out first.
      </Text>
      <Group>
        <Button renderRoot={(props) => <Link {...props} to={DASHBOARD_PATH} />}>Go to your dashboard</Button>
        <Button renderRoot={(props) => <Link {...props} to={LOGOUT_PATH} />} variant="default">
          Log out
        </Button>
      </Group>
    </>
  );
}

/** /sign-up, spec 2.4: 'Create an Account'; creates a member profile, then goes home. */
export default function SignUpView() {
  const { user } = useSession();
  const api = useApi();
  const navigate = useNavigate();
  const headingId = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Values>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const alert = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const blank = blankSignUpFields(values);
    const firstBlank = FIELDS.find(({ name }) => blank[name]);
    if (firstBlank) {
      setError(SIGN_UP_FAILED);
      setFieldErrors(blank);
      focusAfterRender(() => form.elements.namedItem(firstBlank.name) as HTMLElement | null);
      return;
    }
    setError(null);
    setFieldErrors({});
    setSubmitting(true);
    try {
      await api.post(PROFILES_PATH, { ...values, role: 'member' });
      announceSuccess();
      await navigate({ to: '/' });
    } catch (failure) {
      const { message, fields } = signUpFailure(failure);
      setError(message);
      setFieldErrors(fields);
      // The first field the server refused, else the alert, so the keyboard is not sent to the top.
      const first = FIELDS.find(({ name }) => fields[name]);
      focusAfterRender(() =>
        first ? (form.elements.namedItem(first.name) as HTMLElement | null) : alert.current,
      );
    } finally {
      setSubmitting(false);
    }
  }

  const heading = (
    <Title order={1} id={headingId} size="h2">
      Create an Account
    </Title>
  );
  return (
    <Container size="sm" py="xl">
      <Card withBorder shadow="sm" padding="lg" radius="md" maw={520} mx="auto">
        {user ? (
          <Stack gap="md">
            {heading}
            <SignedInNotice username={user.username} />
          </Stack>
        ) : (
          <form onSubmit={submit} aria-labelledby={headingId} noValidate>
            <Stack gap="md">
              {heading}
              {FIELDS.map(({ name, label, type, autoComplete }) => {
                const common = {
                  label,
                  name,
                  autoComplete,
                  required: name !== 'address',
                  withAsterisk: false,
                  value: values[name],
                  error: fieldErrors[name],
                  onChange: (event: { currentTarget: { value: string } }) => {
                    const value = event.currentTarget.value;
                    setValues((current) => ({ ...current, [name]: value }));
                  },
                };
                return name === 'password' ? (
                  // Mantine marks only its wrapper invalid here; the input itself must say so too.
                  <PasswordInput
                    key={name}
                    {...common}
                    aria-invalid={fieldErrors.password ? true : undefined}
                  />
                ) : (
                  <TextField key={name} type={type ?? 'text'} {...common} />
                );
              })}
              {error && (
                <Alert ref={alert} color="red" variant="light" role="alert" tabIndex={-1}>
                  {error}
                </Alert>
              )}
              {submitting && <Progress value={100} animated aria-label="Submitting" />}
              <Button type="submit" disabled={submitting}>
                {submitting ? 'Submitting...' : 'Sign Up'}
              </Button>
            </Stack>
          </form>
        )}
      </Card>
    </Container>
  );
}
