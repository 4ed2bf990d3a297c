import { Container } from '@mantine/core';
import { LOGIN_REDIRECT } from '@toolbox/sdk';
import { useQueryRead, useReplaceAddress, useSession } from '@toolbox/sdk/react';
import { useEffect } from 'react';
import { LoginCard } from './login-card';
import { afterLoginPath } from './messages';

/** /login: the login card; signed in (already, or just now) it goes to `redirect` or the dashboard. */
export default function LoginView() {
  const { user } = useSession();
  const replaceAddress = useReplaceAddress();
  const redirect = useQueryRead([LOGIN_REDIRECT])[LOGIN_REDIRECT];

  useEffect(() => {
    // Worked out here, in the browser: the page is also prerendered at build time, where there is no window.
    if (user) replaceAddress(afterLoginPath(redirect, window.location.origin));
  }, [user, replaceAddress, redirect]);

  if (user) return null;
  return (
    <Container size="sm" py="xl">
      <LoginCard headingOrder={1} />
    </Container>
  );
}
