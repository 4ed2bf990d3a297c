import { withReason } from '@toolbox/sdk';
import { Button, Stack, Text } from '@toolbox/sdk/react';

/**
 * Where a read's data would be: the screen's `message`, then why (the API client's reason: offline,
 * "Could not reach the server…"), and a button that reads again.
 */
export function LoadFailed({
  message,
  error,
  onRetry,
}: {
  message: string;
  error: unknown;
  onRetry(): void;
}) {
  return (
    <Stack gap="xs" align="flex-start">
      <Text role="alert" c="var(--mantine-color-error)">
        {withReason(message, error)}
      </Text>
      <Button variant="default" size="xs" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}
