import { useDocumentTitle } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { Button, Container, documentTitle, Text, Title } from '@toolbox/sdk/react';
import { PublicShell } from '../layouts/public-layout';

export function NotFoundContent() {
  useDocumentTitle(documentTitle('Page Not Found'));
  return (
    <Container size="sm" py={64}>
      <Title order={1}>404 - Page Not Found</Title>
      <Text mt="md">The page you're looking for doesn't exist.</Text>
      <Button
        style={{ marginTop: 'var(--mantine-spacing-lg)' }}
        renderRoot={(props) => <Link {...props} to="/" />}
      >
        Go to the home page
      </Button>
    </Container>
  );
}

/** An unknown path matches no layout route, so the 404 brings the public frame itself. */
export function NotFoundPage() {
  return (
    <PublicShell>
      <NotFoundContent />
    </PublicShell>
  );
}
