import { Button, Card, Container, Grid, Group, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { tools } from '@toolbox/plugins/registry';
import { groupByCategory, matchesTool } from '@toolbox/sdk';
import { useSession } from '@toolbox/sdk/react';
import { useMemo, useState } from 'react';
import { PluginSlot, slotIsFilled } from '../components/plugin-slot';
import classes from './home-page.module.css';

export function HomePage() {
  useDocumentTitle('Toolbox · Everyday calculators and converters');
  const [query, setQuery] = useState('');
  const found = useMemo(() => tools.filter((tool) => matchesTool(tool, query)), [query]);
  const groups = groupByCategory(found).filter((group) => group.tools.length > 0);
  const { user } = useSession();
  // What page plugins put beside the hero for visitors (the login card), in its own chunk.
  const withAside = !user && slotIsFilled('home-aside');

  return (
    <>
      <section className={classes.hero} aria-labelledby="hero-title">
        <Container size={1170}>
          <Grid gap="xl" align="center">
            <Grid.Col span={{ base: 12, md: withAside ? 7 : 12 }}>
              <Title id="hero-title" order={1} className={classes.heroTitle}>
                Everyday calculators and converters
              </Title>
              <Text size="lg" mt="sm" maw={640}>
                Free tools for everyday questions: money, health, cooking, time, science and more. They run in
                your browser and keep working offline.
              </Text>
              <Group mt="lg">
                <Button component={Link} to="/dashboard" size="md">
                  Open the Tool Navigator
                </Button>
              </Group>
            </Grid.Col>
            {withAside && (
              <Grid.Col span={{ base: 12, md: 5 }}>
                <PluginSlot name="home-aside" />
              </Grid.Col>
            )}
          </Grid>
        </Container>
      </section>

      <Container size={1170} py="xl">
        <TextInput
          type="search"
          label="Find a tool"
          placeholder="Type a name or a keyword"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          maw={480}
        />
        <Text size="sm" mt="xs" aria-live="polite">
          {found.length === tools.length
            ? `${tools.length} tools`
            : `${found.length} of ${tools.length} tools match`}
        </Text>

        {groups.map(({ category, tools: inCategory }) => (
          <section key={category} aria-labelledby={`category-${category}`} className={classes.category}>
            <Title order={2} id={`category-${category}`} size="h3">
              {category}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="sm">
              {inCategory.map((tool) => (
                <Card
                  key={tool.slug}
                  component={Link}
                  to={tool.route}
                  withBorder
                  padding="lg"
                  className={classes.card}
                >
                  <Text component="h3" fw={700} size="lg" className={classes.cardTitle}>
                    {tool.label}
                  </Text>
                  <Text size="sm" mt={4}>
                    {tool.description}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </section>
        ))}
      </Container>
    </>
  );
}
