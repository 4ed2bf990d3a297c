import { Center, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Spinner, useApi, useSession } from '@toolbox/sdk/react';
import { useEffect, useRef } from 'react';

/** /logout: ends the session on the server (a failure changes nothing here), forgets it, goes home. */
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
    const hadToken = session.token !== null;
    void (async () => {
      if (hadToken) {
        try {
          await api.post('/api/logout/');
        } catch {
          // Offline, or the token was already revoked: the local session ends all the same.
        }
      }
      session.signOut();
      queryClient.clear();
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
