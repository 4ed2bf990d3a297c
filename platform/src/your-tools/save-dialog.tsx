import type { ToolEntry } from '@toolbox/sdk';
import {
  Button,
  Dialog,
  Group,
  notify,
  Stack,
  sharedQueryClient,
  Text,
  TextField,
  useYourTools,
} from '@toolbox/sdk/react';
import {
  defaultCalculationName,
  SAVED_NAME_MAX,
  storedResultText,
  YOUR_TOOLS_MESSAGES,
} from '@toolbox/sdk/your-tools';
import { type FormEvent, useState } from 'react';

interface Props {
  tool: ToolEntry;
  /** The result's text as shown. */
  text: string;
  /** The tool's input, as its URL holds it. */
  input: Record<string, unknown>;
  onClose(): void;
}

/** Names a calculation (default: the tool's label and the result) and saves it where the person's tools live. */
export default function SaveDialog({ tool, text, input, onClose }: Props) {
  const { store, lists } = useYourTools();
  const [name, setName] = useState(() => defaultCalculationName(tool.label, text));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError(YOUR_TOOLS_MESSAGES.nameRequired);
      return;
    }
    setBusy(true);
    try {
      const backend = await store.backend();
      await backend.save({ tool: tool.slug, name: name.trim(), input, result_text: storedResultText(text) });
      // The Saved page's lists (a page plugin's view, under the shared client) read again.
      await sharedQueryClient().invalidateQueries({ queryKey: ['your-tools'] });
      notify(
        'success',
        'Saved',
        backend.kind === 'account'
          ? 'The calculation is in your Saved calculations.'
          : 'The calculation is saved in this browser. Sign up to keep it on every device.',
      );
      onClose();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The calculation could not be saved.');
      setBusy(false);
    }
  }

  return (
    <Dialog opened onClose={onClose} title="Save this calculation" centered>
      <form onSubmit={save} noValidate>
        <Stack>
          <TextField
            label="Name"
            value={name}
            maxLength={SAVED_NAME_MAX}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            data-autofocus
          />
          <Text size="sm">
            {lists.where === 'account'
              ? 'Saved in your account, with the input, so opening it computes it again.'
              : 'Saved in this browser, with the input, so opening it computes it again.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
