import { Center, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Spinner, useApi, useSession } from '@toolbox/sdk/react';
import { useEffect, useRef } from 'react';

/** /logout: forgets the session, ends it on the server (a failure changes nothing here), goes home. */
export default function LogoutView() {
  const api = useApi();
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Once per visit, even when StrictMode runs the effect twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = session.token;
    // The session ends here first, so nothing on the page (the account's lists as they load) asks
    // with a token the server is about to revoke; the revoking request carries it on its own.
    session.signOut();
    queryClient.clear();
    void (async () => {
      if (token) {
        try {
          await api.request('/api/logout/', { method: 'POST', token });
        } catch {
          // Offline, or the token was already revoked: the local session ends all the same.
        }
      }
      await navigate({ to: '/', replace: true });
    })();
  }, [api, session, queryClient, navigate]);

  return (
    <Center py={64} role="status">
      <span aria-hidden style={{ display: 'flex', marginRight: 'var(--mantine-spacing-sm)' }}>
        <Spinner size="sm" />
      </span>
      <Text>Logging out...</Text>
    </Center>
  );
}
