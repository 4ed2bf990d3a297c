import { FileButton, Group, Image, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { Button, Dialog, keepDraft, readDraft, TextField, useObjectUrl } from '@toolbox/sdk/react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { postDraftKey } from './drafts';
import {
  EMPTY_POST_FORM,
  formFromPost,
  IMAGE_ACCEPT,
  imageProblem,
  LIMITS,
  type PostFormErrors,
  type PostFormField,
  type PostFormValues,
  validatePostForm,
} from './form';
import { TEXT } from './messages';
import { POST_STATUSES, type Post, type PostStatus } from './types';

export type PostFormTarget = { mode: 'add' } | { mode: 'edit'; post: Post };

interface PostFormModalProps {
  /** What the modal edits; null when it is closed. */
  target: PostFormTarget | null;
  onClose(): void;
  /** Sends the form; resolves with the server's per-field errors and other messages (none when it saved). */
  onSave(
    values: PostFormValues,
    image: File | null,
    target: PostFormTarget,
  ): Promise<{ fields: PostFormErrors; other: string[] }>;
}

const FIELD_ORDER: readonly PostFormField[] = [
  'title',
  'subtitle',
  'description',
  'full_content',
  'status',
  'image',
];

/**
 * 'Add New Blog Post' / 'Edit Blog Post' (spec 2.8): Title, Subtitle, Description, full content,
 * Status (a new post starts without one), 'Upload Image' (images only) with the chosen file's name
 * and a preview, Cancel and Create/Update. Required fields per spec 5; the server's messages show
 * under their fields. What the admin types is kept as a draft for the tab until it is saved or
 * cancelled: closing otherwise (Escape, outside the modal, the session ending in another tab) sets it
 * aside, and the next opening for the same post starts from it and says so. A chosen image is not kept.
 */
export function PostFormModal({ target, onClose, onSave }: PostFormModalProps) {
  const [values, setValues] = useState<PostFormValues>(EMPTY_POST_FORM);
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<PostFormErrors>({});
  const [other, setOther] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [restored, setRestored] = useState(false);
  /** The values the form opened with, before any draft: typed back to them, there is no draft. */
  const opening = useRef<PostFormValues>(EMPTY_POST_FORM);
  const resetFile = useRef<() => void>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const imageErrorId = useId();
  const fileNameId = useId();
  const preview = useObjectUrl(image);

  const draftKey = target && postDraftKey(target.mode === 'edit' ? target.post.id : undefined);
  // Each opening starts from the draft set aside, else afresh: empty for Add (no status chosen), the
  // post's values for Edit.
  useEffect(() => {
    if (!target || !draftKey) return;
    const draft = readDraft<Partial<PostFormValues>>(draftKey);
    opening.current = target.mode === 'edit' ? formFromPost(target.post) : EMPTY_POST_FORM;
    setValues({ ...opening.current, ...draft });
    setRestored(draft !== undefined);
    setImage(null);
    resetFile.current?.();
    setErrors({});
    setOther([]);
    setSaving(false);
  }, [target, draftKey]);

  const clearError = (field: PostFormField) =>
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });

  const change = (patch: Partial<PostFormValues>) =>
    setValues((current) => {
      const next = { ...current, ...patch };
      const unchanged = JSON.stringify(next) === JSON.stringify(opening.current);
      if (draftKey) keepDraft(draftKey, unchanged ? undefined : next);
      return next;
    });

  /** Cancel gives the draft up; other ways of closing set it aside. */
  const cancel = () => {
    if (draftKey) keepDraft(draftKey, undefined);
    onClose();
  };

  const text = (field: Exclude<keyof PostFormValues, 'status'>) => ({
    value: values[field],
    error: errors[field],
    name: field,
    maxLength: LIMITS[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      change({ [field]: event.currentTarget.value });
      clearError(field);
    },
  });

  /** Moves focus to the first field with a message, so keyboard and screen reader users land on it. */
  function focusFirstError(found: PostFormErrors) {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (!first) return;
    const selector =
      first === 'image' ? '[data-field="image"]' : `[name="${first}"], [data-field="${first}"]`;
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(selector)?.focus());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!target || saving) return;
    const invalid = validatePostForm(values, image);
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid);
      focusFirstError(invalid);
      return;
    }
    setSaving(true);
    setOther([]);
    try {
      const result = await onSave(values, image, target);
      if (Object.keys(result.fields).length === 0 && result.other.length === 0 && draftKey) {
        keepDraft(draftKey, undefined);
      }
      setErrors(result.fields);
      setOther(result.other);
      focusFirstError(result.fields);
    } finally {
      setSaving(false);
    }
  }

  const editing = target?.mode === 'edit';
  const currentImage = target?.mode === 'edit' ? target.post.image : null;
  const shownImage = preview ?? currentImage;
  return (
    <Dialog
      opened={target !== null}
      onClose={onClose}
      title={editing ? 'Edit Blog Post' : 'Add New Blog Post'}
      size="lg"
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          {restored && (
            <Text size="sm" c="dimmed" data-testid="draft-restored">
              {TEXT.draftRestored}
            </Text>
          )}
          <TextField label="Title" withAsterisk autoComplete="off" data-autofocus {...text('title')} />
          <TextField label="Subtitle" autoComplete="off" {...text('subtitle')} />
          <Textarea
            label="Description"
            withAsterisk
            autosize
            minRows={2}
            maxRows={6}
            {...text('description')}
          />
          <Textarea label="Full content" autosize minRows={4} maxRows={14} {...text('full_content')} />
          <Select
            label="Status"
            withAsterisk
            placeholder="Choose a status"
            data={POST_STATUSES}
            value={values.status || null}
            onChange={(value) => {
              change({ status: (value ?? '') as PostStatus | '' });
              clearError('status');
            }}
            allowDeselect={false}
            error={errors.status}
            data-field="status"
            comboboxProps={{ withinPortal: false }}
          />
          <Stack gap={6}>
            <Group gap="sm">
              <FileButton
                resetRef={resetFile}
                accept={IMAGE_ACCEPT}
                onChange={(file) => {
                  setImage(file);
                  const problem = imageProblem(file);
                  setErrors((current) => ({ ...current, image: problem ?? undefined }));
                }}
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    leftSection={<IconUpload size={16} aria-hidden />}
                    data-field="image"
                    aria-describedby={[fileNameId, errors.image ? imageErrorId : null]
                      .filter(Boolean)
                      .join(' ')}
                  >
                    Upload Image
                  </Button>
                )}
              </FileButton>
              <Text size="sm" id={fileNameId} data-testid="chosen-file">
                {image
                  ? image.name
                  : currentImage
                    ? 'Keeping the current image'
                    : 'No image chosen (optional)'}
              </Text>
            </Group>
            {errors.image && (
              <Text size="sm" id={imageErrorId} c="var(--mantine-color-error)">
                {errors.image}
              </Text>
            )}
            {shownImage && !errors.image && (
              <Image
                src={shownImage}
                alt={image ? `Preview of ${image.name}` : 'The current image'}
                h={160}
                w="auto"
                fit="contain"
                radius="sm"
                style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
              />
            )}
          </Stack>
          {other.length > 0 && (
            <Text size="sm" role="alert" c="var(--mantine-color-error)">
              {other.join(' ')}
            </Text>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={cancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {editing ? 'Update' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
