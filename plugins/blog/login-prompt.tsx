import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { LOGIN_REDIRECT } from '@toolbox/sdk';
import { useReturnAddress } from '@toolbox/sdk/react';

/**
 * A visitor tried something that needs a session (spec 6): the spec's message and a link to the
 * login page, which brings them back here afterwards. It stays until the next action, so the link
 * can be reached with the keyboard at leisure.
 */
export function LoginPrompt({ message }: { message: string }) {
  const here = useReturnAddress();
  return (
    <Text size="sm" data-testid="login-prompt">
      <span>{message}</span>
      {' · '}
      <Anchor
        renderRoot={(props) => <Link {...props} to="/login" search={{ [LOGIN_REDIRECT]: here }} />}
        fw={600}
      >
        Log in
      </Anchor>
    </Text>
  );
}
