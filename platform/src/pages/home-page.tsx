import { useDocumentTitle } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { tools } from '@toolbox/plugins/registry';
import { DASHBOARD_PATH, groupByCategory, matchesTool, type ToolEntry } from '@toolbox/sdk';
import {
  Button,
  Container,
  Group,
  Paper,
  Text,
  TextField,
  Title,
  useSession,
  useYourTools,
} from '@toolbox/sdk/react';
import { memo, useMemo, useState } from 'react';
import { FavouriteStar } from '../components/favourite-star';
import { PluginSlot, slotIsFilled } from '../components/plugin-slot';
import { useSearchWords } from '../components/search-words';
import classes from './home-page.module.css';
import { HOME_TITLE, TAGLINE } from './home-title';

/** The tools of `slugs` among `found`, in the order of `slugs`. */
function pick(slugs: readonly string[], found: readonly ToolEntry[]): ToolEntry[] {
  return slugs.flatMap((slug) => found.filter((tool) => tool.slug === slug));
}

/** A tool's card: the whole card opens the tool (its title is the link), the star toggles a favourite. */
const ToolCard = memo(function ToolCard({ tool }: { tool: ToolEntry }) {
  return (
    <Paper withBorder p="lg" className={classes.card}>
      <div className={classes.cardHead}>
        <Text component="h3" fw={700} size="lg" className={classes.cardTitle}>
          <Link to={tool.route} className={classes.cardLink}>
            {tool.label}
          </Link>
        </Text>
        <div className={classes.cardStar}>
          <FavouriteStar tool={tool} size="sm" />
        </div>
      </div>
      <Text size="sm" mt={4}>
        {tool.description}
      </Text>
    </Paper>
  );
});

interface ToolGroup {
  id: string;
  title: string;
  tools: readonly ToolEntry[];
}

/** A titled section of tool cards. */
const ToolGroupSection = memo(function ToolGroupSection({ id, title, tools: inGroup }: ToolGroup) {
  return (
    <section aria-labelledby={id} className={classes.category}>
      <Title order={2} id={id} size="h3">
        {title}
      </Title>
      <div className={classes.cards}>
        {inGroup.map((tool) => (
          <ToolCard key={tool.slug} tool={tool} />
        ))}
      </div>
    </section>
  );
});

/**
 * The person's favourites, then the tools they used last, among `found`. Read after the first
 * paint: only this part renders again when they arrive, not the page.
 */
function YourToolGroups({ found }: { found: readonly ToolEntry[] }) {
  const { lists } = useYourTools();
  return [
    { id: 'your-favourites', title: 'Favourites', tools: pick(lists.favourites, found) },
    { id: 'your-recent-tools', title: 'Recently used', tools: pick(lists.recents, found) },
  ]
    .filter((group) => group.tools.length > 0)
    .map((group) => <ToolGroupSection key={group.id} {...group} />);
}

export function HomePage() {
  useDocumentTitle(HOME_TITLE);
  const [query, setQuery] = useState('');
  const [searching, setSearching] = useState(false);
  const words = useSearchWords(searching || query !== '');
  const found = useMemo(
    () => tools.filter((tool) => matchesTool(tool, query, words?.get(tool.slug))),
    [query, words],
  );
  const groups = useMemo(
    () =>
      groupByCategory(found)
        .filter((group) => group.tools.length > 0)
        .map(({ category, tools: inCategory }) => ({
          id: `category-${category}`,
          title: category,
          tools: inCategory,
        })),
    [found],
  );
  const { user } = useSession();
  // What page plugins put beside the hero for visitors (the login card), in its own chunk.
  const withAside = !user && slotIsFilled('home-aside');

  return (
    <>
      <section className={classes.hero} aria-labelledby="hero-title">
        <Container size={1170}>
          {/* Plain CSS grids (home-page.module.css): Mantine's Grid and SimpleGrid stay off the first page. */}
          <div className={withAside ? `${classes.heroGrid} ${classes.withAside}` : classes.heroGrid}>
            <div>
              <Title id="hero-title" order={1} className={classes.heroTitle}>
                {TAGLINE}
              </Title>
              <Text size="lg" mt="sm" maw={640}>
                Free tools for everyday questions: money, health, cooking, time, science and more. They run in
                your browser and keep working offline.
              </Text>
              <Group mt="lg">
                <Button size="md" renderRoot={(props) => <Link {...props} to={DASHBOARD_PATH} />}>
                  Open the Tool Navigator
                </Button>
              </Group>
            </div>
            {withAside && (
              <div className={classes.aside}>
                <PluginSlot name="home-aside" loading="intent" />
              </div>
            )}
          </div>
        </Container>
      </section>

      <Container size={1170} py="xl">
        <TextField
          type="search"
          label="Find a tool"
          placeholder="Type a name or a keyword"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          onFocus={() => setSearching(true)}
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ maxWidth: 480 }}
        />
        <Text size="sm" mt="xs" aria-live="polite">
          {found.length === tools.length
            ? `${tools.length} tools`
            : `${found.length} of ${tools.length} tools match`}
        </Text>

        <YourToolGroups found={found} />
        {groups.map((group) => (
          <ToolGroupSection key={group.id} {...group} />
        ))}
      </Container>
    </>
  );
}
