import { Group, PasswordInput, Select, Stack } from '@mantine/core';
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
} from './form';
import type { Profile } from './types';

export type FormTarget = { mode: 'add' } | { mode: 'edit'; profile: Profile };

interface ProfileFormModalProps {
  /** What the modal edits; null when it is closed. */
  target: FormTarget | null;
  onClose(): void;
  /** Sends the values; resolves with the server's per-field errors (empty when it saved). */
  onSave(values: ProfileFormValues, target: FormTarget): Promise<FormErrors>;
  /** Called when the client-side check fails (the spec's alert). */
  onInvalid(): void;
}

/** 'Add Profile' / 'Edit Profile': closes on save, its close icon, Escape or a click on the backdrop. */
export function ProfileFormModal({ target, onClose, onSave, onInvalid }: ProfileFormModalProps) {
  const [values, setValues] = useState<ProfileFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<FormErrors>({});
  const [saving, setSaving] = useState(false);

  // Each opening starts afresh: empty for Add, the row's values and a blank password for Edit.
  useEffect(() => {
    if (!target) return;
    setValues(target.mode === 'edit' ? formFromProfile(target.profile) : EMPTY_FORM);
    setErrors({});
    setSaving(false);
  }, [target]);

  const set = (field: FormField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
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
      onInvalid();
      return;
    }
    setSaving(true);
    try {
      setErrors(await onSave(values, target));
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
