import { Anchor, Text } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { LOGIN_REDIRECT } from '@toolbox/sdk';

/**
 * A visitor tried something that needs a session (spec 6): the spec's message and a link to the
 * login page, which brings them back here afterwards. It stays until the next action, so the link
 * can be reached with the keyboard at leisure.
 */
export function LoginPrompt({ message }: { message: string }) {
  const here = useRouterState({ select: (state) => state.location.href });
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
