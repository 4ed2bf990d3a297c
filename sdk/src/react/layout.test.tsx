// @vitest-environment happy-dom
import * as Mantine from '@mantine/core';
import { describe, it } from 'vitest';
import {
  Anchor,
  Box,
  Center,
  Container,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from './layout';
import { sameMarkup } from './mantine-markup.testing';

describe("the light layout components render Mantine's markup", () => {
  it('Text, plain and with every style prop the light components take', () => {
    sameMarkup(<Text>t</Text>, <Mantine.Text>t</Mantine.Text>);
    const styled = {
      m: 'xs',
      mt: 'md',
      mb: -4,
      ml: 8,
      mr: '-sm',
      mx: 'auto',
      my: 'lg',
      p: 'md',
      pt: 2,
      pb: 'xl',
      pl: 0,
      pr: '1em',
      px: 'xs',
      py: 64,
      w: '100%',
      h: 8,
      maw: 640,
      miw: 0,
      mah: '50vh',
      mih: 20,
      top: 2,
      left: 0,
      right: 'auto',
      bottom: 4,
      fw: 500,
      fz: 20,
      lh: 1.2,
      ff: 'monospace',
      ta: 'center',
      td: 'underline',
      tt: 'uppercase',
      fs: 'italic',
      display: 'flex',
      pos: 'relative',
      flex: 1,
      opacity: 0.5,
    } as const;
    sameMarkup(<Text {...styled}>t</Text>, <Mantine.Text {...styled}>t</Mantine.Text>);
  });

  it('Text sizes, elements, colours and keys', () => {
    for (const c of [
      'dimmed',
      'red',
      'teal.9',
      'white',
      'light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))',
    ])
      sameMarkup(<Text c={c}>t</Text>, <Mantine.Text c={c}>t</Mantine.Text>);
    sameMarkup(
      <Text size="sm" span fz="h4" lh="xs" ff="heading" style={{ whiteSpace: 'pre' }} className="mine">
        t
      </Text>,
      <Mantine.Text
        size="sm"
        span
        fz="h4"
        lh="xs"
        ff="heading"
        style={{ whiteSpace: 'pre' }}
        className="mine"
      >
        t
      </Mantine.Text>,
    );
    sameMarkup(
      <Text component="label" htmlFor="x" size="lg" fz="sm" lh="h2" role="status" aria-live="polite">
        t
      </Text>,
      <Mantine.Text component="label" htmlFor="x" size="lg" fz="sm" lh="h2" role="status" aria-live="polite">
        t
      </Mantine.Text>,
    );
  });

  it('Stack and Group with their options', () => {
    sameMarkup(<Stack>s</Stack>, <Mantine.Stack>s</Mantine.Stack>);
    sameMarkup(
      <Stack gap="xs" align="center" justify="space-between" mt="md">
        s
      </Stack>,
      <Mantine.Stack gap="xs" align="center" justify="space-between" mt="md">
        s
      </Mantine.Stack>,
    );
    sameMarkup(<Group>g</Group>, <Mantine.Group>g</Mantine.Group>);
    for (const gap of ['xs', 4, 0] as const)
      sameMarkup(
        <Group gap={gap} wrap="nowrap" align="flex-start" justify="space-between" grow mt="lg">
          <span>a</span>
          {false}
          <span>b</span>
          <span>c</span>
        </Group>,
        <Mantine.Group gap={gap} wrap="nowrap" align="flex-start" justify="space-between" grow mt="lg">
          <span>a</span>
          {false}
          <span>b</span>
          <span>c</span>
        </Mantine.Group>,
      );
  });

  it('Title by order and size', () => {
    for (const order of [1, 2, 3, 4, 5, 6] as const)
      sameMarkup(<Title order={order}>t</Title>, <Mantine.Title order={order}>t</Mantine.Title>);
    sameMarkup(
      <Title order={2} size="h4" id="x" className="c">
        t
      </Title>,
      <Mantine.Title order={2} size="h4" id="x" className="c">
        t
      </Mantine.Title>,
    );
  });

  it('Paper, Container, Center, Box and VisuallyHidden', () => {
    sameMarkup(<Paper>p</Paper>, <Mantine.Paper>p</Mantine.Paper>);
    sameMarkup(
      <Paper withBorder p="lg" radius="md" shadow="sm" mt="md" component="li" aria-label="x">
        p
      </Paper>,
      <Mantine.Paper withBorder p="lg" radius="md" shadow="sm" mt="md" component="li" aria-label="x">
        p
      </Mantine.Paper>,
    );
    sameMarkup(<Container>c</Container>, <Mantine.Container>c</Mantine.Container>);
    sameMarkup(
      <Container size="sm" py={64} role="alert">
        c
      </Container>,
      <Mantine.Container size="sm" py={64} role="alert">
        c
      </Mantine.Container>,
    );
    sameMarkup(
      <Container size={1170} py="xl" px="md">
        c
      </Container>,
      <Mantine.Container size={1170} py="xl" px="md">
        c
      </Mantine.Container>,
    );
    sameMarkup(
      <Center py="xl" role="status">
        c
      </Center>,
      <Mantine.Center py="xl" role="status">
        c
      </Mantine.Center>,
    );
    sameMarkup(
      <Box component="span" lightHidden display="flex" h={8} w="100%" pos="relative" top={2}>
        b
      </Box>,
      <Mantine.Box component="span" lightHidden display="flex" h={8} w="100%" pos="relative" top={2}>
        b
      </Mantine.Box>,
    );
    sameMarkup(<Box darkHidden>b</Box>, <Mantine.Box darkHidden>b</Mantine.Box>);
    sameMarkup(<VisuallyHidden>v</VisuallyHidden>, <Mantine.VisuallyHidden>v</Mantine.VisuallyHidden>);
  });

  it('Anchor and Progress', () => {
    sameMarkup(
      <Anchor href="/x" download="f.txt" fw={600}>
        a
      </Anchor>,
      <Mantine.Anchor href="/x" download="f.txt" fw={600}>
        a
      </Mantine.Anchor>,
    );
    sameMarkup(
      <Anchor href="/x" underline="always" size="sm">
        a
      </Anchor>,
      <Mantine.Anchor href="/x" underline="always" size="sm">
        a
      </Mantine.Anchor>,
    );
    sameMarkup(
      <Progress value={100} striped animated aria-label="Converting" />,
      <Mantine.Progress value={100} striped animated aria-label="Converting" />,
    );
    sameMarkup(
      <Progress value={40} size="lg" color="teal" aria-label="x" mt="md" />,
      <Mantine.Progress value={40} size="lg" color="teal" aria-label="x" mt="md" />,
    );
  });
});
