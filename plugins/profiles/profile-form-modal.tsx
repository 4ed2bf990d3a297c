import { Alert, Group, PasswordInput, Select, Stack } from '@mantine/core';
import { Button, Dialog, TextField } from '@toolbox/sdk/react';
import { type FormEvent, useEffect, useState } from 'react';
import {
  EMPTY_FORM,
  type FormErrors,
  type FormField,
  formFromProfile,
  type ProfileFormValues,
  ROLE_OPTIONS,
  validateProfileForm,
} from '../_shared/profiles/form';
import { messageOf } from './notify';
import type { Profile } from './types';

export type FormTarget = { mode: 'add' } | { mode: 'edit'; profile: Profile };

/** A failed save: messages under the inputs, and the spec's message (with the server's reason) above them. */
export interface SaveFailure {
  fields: FormErrors;
  problem: { title: string; text: string };
}

interface ProfileFormModalProps {
  /** What the modal edits; null when it is closed. */
  target: FormTarget | null;
  onClose(): void;
  /** Sends the values; resolves with what went wrong, or undefined when it saved. */
  onSave(values: ProfileFormValues, target: FormTarget): Promise<SaveFailure | undefined>;
}

/**
 * 'Add Profile' / 'Edit Profile': closes on save, its close icon, Escape or a click on the backdrop.
 * What stops a save is said in the form (above it, and under each field), not in a notification
 * over it; an edit clears the message above (decision 151).
 */
export function ProfileFormModal({ target, onClose, onSave }: ProfileFormModalProps) {
  const [values, setValues] = useState<ProfileFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<FormErrors>({});
  const [problem, setProblem] = useState<SaveFailure['problem']>();
  const [saving, setSaving] = useState(false);

  // Each opening starts afresh: empty for Add, the row's values and a blank password for Edit.
  useEffect(() => {
    if (!target) return;
    setValues(target.mode === 'edit' ? formFromProfile(target.profile) : EMPTY_FORM);
    setErrors({});
    setProblem(undefined);
    setSaving(false);
  }, [target]);

  const set = (field: FormField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblem(undefined);
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  };
  const text = (field: FormField) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field)(event.currentTarget.value),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!target || saving) return;
    const invalid = validateProfileForm(values);
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid);
      setProblem(messageOf('validation'));
      return;
    }
    setSaving(true);
    setProblem(undefined);
    try {
      const failure = await onSave(values, target);
      setErrors(failure?.fields ?? {});
      setProblem(failure?.problem);
    } finally {
      setSaving(false);
    }
  }

  const editing = target?.mode === 'edit';
  return (
    <Dialog
      opened={target !== null}
      onClose={onClose}
      title={editing ? 'Edit Profile' : 'Add Profile'}
      size="md"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {problem && (
            <Alert color="red" title={problem.title}>
              {problem.text}
            </Alert>
          )}
          <TextField label="Full Name" autoComplete="off" data-autofocus {...text('full_name')} />
          <TextField label="Username" autoComplete="off" {...text('username')} />
          <TextField label="Email" type="email" autoComplete="off" {...text('email')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description={editing ? 'Leave blank to keep the current password.' : 'At least 8 characters.'}
            {...text('password')}
          />
          <TextField label="Phone Number" type="tel" autoComplete="off" {...text('phone_number')} />
          <TextField label="Address" autoComplete="off" {...text('address')} />
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            value={values.role}
            onChange={(value) => value && set('role')(value)}
            allowDeselect={false}
            error={errors.role}
          />
          <Group justify="flex-end" mt="sm">
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
