import type { ErrorComponentProps } from '@tanstack/react-router';
import { Button, Container, Text, Title } from '@toolbox/sdk/react';

export function ErrorPage({ error }: ErrorComponentProps) {
  console.error(error);
  return (
    <Container size="sm" py={64} role="alert">
      <Title order={1}>Something went wrong</Title>
      <Text mt="md">This page could not be shown. Check your connection and try again.</Text>
      <Button style={{ marginTop: 'var(--mantine-spacing-lg)' }} onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Container>
  );
}
