import { Alert } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, SessionUser } from '@toolbox/sdk';
import {
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  TextField,
  Title,
  useApi,
  useSession,
} from '@toolbox/sdk/react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { LoadFailed } from '../_shared/load-failed';
import {
  type FormErrors,
  formFromProfile,
  type ProfileFormValues,
  toPayload,
} from '../_shared/profiles/form';
import { profilePath } from '../_shared/profiles/paths';
import {
  blankOwnFields,
  CHECK_THE_FIELDS,
  DETAILS_LOAD_FAILED,
  DETAILS_SAVED,
  firstRefused,
  NO_PROFILE,
  type OwnField,
  ownDetailsFailure,
  readOwnProfile,
} from './own-details';
import { useFocusAfterRender } from './use-focus-after-render';

const TEXT_FIELDS: {
  name: Exclude<OwnField, 'password'>;
  label: string;
  type: string;
  autoComplete: string;
}[] = [
  { name: 'full_name', label: 'Full Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone_number', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
  { name: 'address', label: 'Address', type: 'text', autoComplete: 'street-address' },
];

const ownProfileKey = (user: SessionUser | null) => ['account', 'own-profile', user?.id ?? null] as const;

/** /account: the signed-in person's own details (any role), read and changed through their profile. */
export default function AccountView() {
  const api = useApi();
  const { user } = useSession();
  const headingId = useId();
  const own = useQuery({
    queryKey: ownProfileKey(user),
    // The route is for signed-in users only: there is always a user here.
    queryFn: ({ signal }) => (user ? readOwnProfile(api, user, signal) : null),
    enabled: user !== null,
  });

  return (
    <Container size="sm" py="xl">
      <Paper withBorder shadow="sm" p="lg" radius="md">
        <Stack gap="md">
          <Title order={1} id={headingId} size="h2">
            My Account
          </Title>
          {own.isPending ? (
            <Text role="status">Loading your details...</Text>
          ) : own.isError ? (
            <LoadFailed message={DETAILS_LOAD_FAILED} error={own.error} onRetry={() => own.refetch()} />
          ) : own.data === null ? (
            <Text>{NO_PROFILE}</Text>
          ) : (
            // A fresh form for each profile read; a save keeps the form as it is.
            <DetailsForm key={own.data.id} profile={own.data} labelledBy={headingId} />
          )}
        </Stack>
      </Paper>
    </Container>
  );
}

function DetailsForm({ profile, labelledBy }: { profile: Profile; labelledBy: string }) {
  const api = useApi();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProfileFormValues>(() => formFromProfile(profile));
  const [errors, setErrors] = useState<FormErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const alert = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender();

  /** An edit clears its field's message, the alert and the success message: they spoke of the form as it was. */
  const change = (field: OwnField) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setProblem(null);
    setSaved(false);
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  };

  /** Focus goes to the first field refused, else to the alert, so the keyboard is not sent to the top. */
  function refuse(form: HTMLFormElement, message: string, fields: FormErrors) {
    setProblem(message);
    setErrors(fields);
    const first = firstRefused(fields);
    focusAfterRender(() => (first ? (form.elements.namedItem(first) as HTMLElement | null) : alert.current));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const form = event.currentTarget;
    setSaved(false);
    const blank = blankOwnFields(values);
    if (Object.keys(blank).length > 0) {
      refuse(form, CHECK_THE_FIELDS, blank);
      return;
    }
    setProblem(null);
    setErrors({});
    setSaving(true);
    try {
      const updated = await api.request<Profile>(profilePath(profile.id), {
        method: 'PATCH',
        body: toPayload(values, 'own'),
      });
      queryClient.setQueryData(ownProfileKey(user), updated);
      // The password typed is set: the field is blank again, meaning "keep it".
      setValues(formFromProfile(updated));
      setSaved(true);
    } catch (failure) {
      const { message, fields } = ownDetailsFailure(failure);
      refuse(form, message, fields);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} aria-labelledby={labelledBy} noValidate>
      <Stack gap="md">
        <Group gap="xl" style={{ rowGap: 'var(--mantine-spacing-xs)' }}>
          <Text>
            <Text span fw={600}>
              Username:
            </Text>{' '}
            {profile.user?.username ?? '-'}
          </Text>
          <Text>
            <Text span fw={600}>
              Role:
            </Text>{' '}
            {profile.role}
          </Text>
        </Group>
        {TEXT_FIELDS.map(({ name, label, type, autoComplete }) => (
          <TextField
            key={name}
            label={label}
            name={name}
            type={type}
            autoComplete={autoComplete}
            required={name !== 'address'}
            withAsterisk={false}
            value={values[name]}
            error={errors[name]}
            onChange={change(name)}
          />
        ))}
        {/* The SDK's field rather than Mantine's PasswordInput: a fifth page view using that would put it,
            with its toggle's ActionIcon and Transition, in the kit every public page loads (decision 154). */}
        <TextField
          label="New Password"
          name="password"
          type="password"
          autoComplete="new-password"
          description="Leave blank to keep your password."
          value={values.password}
          error={errors.password}
          onChange={change('password')}
        />
        {problem && (
          <Alert ref={alert} color="red" variant="light" role="alert" tabIndex={-1}>
            {problem}
          </Alert>
        )}
        {/* Always there, so a screen reader announces the message when it appears. */}
        <div role="status">{saved && <Text fw={500}>{DETAILS_SAVED}</Text>}</div>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
