import { useDocumentTitle } from '@mantine/hooks';
import { type ErrorComponentProps, Link } from '@tanstack/react-router';
import { DASHBOARD_PATH } from '@toolbox/sdk';
import { Button, Container, documentTitle, Text, Title } from '@toolbox/sdk/react';
import { AccessDeniedError } from '../guards';
import { ErrorPage } from './error-page';

/** What a signed-in user without the page's role sees (the API refuses them with 403 anyway). */
export function NoAccessPage() {
  useDocumentTitle(documentTitle('No access'));
  return (
    <Container size="sm" py={64}>
      <Title order={1}>403 - No access</Title>
      <Text mt="md">You do not have access to this page.</Text>
      <Button
        style={{ marginTop: 'var(--mantine-spacing-lg)' }}
        renderRoot={(props) => <Link {...props} to={DASHBOARD_PATH} />}
      >
        Go to the dashboard
      </Button>
    </Container>
  );
}

/** A guarded route's error component: the no-access page for a refused role, else the error page. */
export function GuardedRouteError(props: ErrorComponentProps) {
  return props.error instanceof AccessDeniedError ? <NoAccessPage /> : <ErrorPage {...props} />;
}
