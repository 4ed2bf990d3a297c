import { Menu } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconChevronDown, IconStar, IconStarFilled } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { tools } from '@toolbox/plugins/registry';
import { groupByCategory, type ToolEntry } from '@toolbox/sdk';
import { Button, Container, documentTitle, Group, Text, Title, useYourTools } from '@toolbox/sdk/react';
import { useState } from 'react';
import { PluginSlot } from '../components/plugin-slot';

const groups = groupByCategory(tools).map(({ category, tools: inCategory }) => ({
  name: category as string,
  tools: inCategory,
}));
const FAVOURITES = 'Favourites';

/**
 * One row of a menu: the tool, and its star as a second item (a menu holds only menu items, so the
 * star is an item of its own, reached with the arrow keys like the tool; its name says what it does,
 * "Add … to favourites" or "Remove … from favourites").
 */
function ToolItems({ tool, favourite, toggle }: { tool: ToolEntry; favourite: boolean; toggle(): void }) {
  const label = favourite ? `Remove ${tool.label} from favourites` : `Add ${tool.label} to favourites`;
  return (
    <div role="none" style={{ display: 'flex', alignItems: 'center' }}>
      <Menu.Item component={Link} to={tool.route} style={{ flex: 1 }}>
        {tool.label}
      </Menu.Item>
      <Menu.Item
        aria-label={label}
        title={label}
        closeMenuOnClick={false}
        onClick={toggle}
        w="auto"
        c={favourite ? 'yellow.8' : undefined}
      >
        {favourite ? <IconStarFilled size={16} aria-hidden /> : <IconStar size={16} aria-hidden />}
      </Menu.Item>
    </div>
  );
}

/** One button per category; its menu lists the category's tools. One menu open at a time. */
export function DashboardPage() {
  useDocumentTitle(documentTitle('Tool Navigator'));
  const [open, setOpen] = useState<string | null>(null);
  const { store, lists } = useYourTools();
  const favourites = lists.favourites.flatMap((slug) => tools.filter((tool) => tool.slug === slug));
  const menus = favourites.length > 0 ? [{ name: FAVOURITES, tools: favourites }, ...groups] : groups;

  return (
    <Container size={1170} px="md" py="xl">
      <Title order={1}>Tool Navigator</Title>
      <Text mt="xs">Choose a category to see its tools; star a tool to keep it under Favourites.</Text>
      <Group gap="sm" mt="lg">
        {menus.map(({ name: category, tools: inCategory }) => (
          <Menu
            key={category}
            opened={open === category}
            // Closing one menu (outside click, Escape, a pick) must not close a menu opened meanwhile.
            onChange={(opened) =>
              setOpen((current) => (opened ? category : current === category ? null : current))
            }
            position="bottom-start"
            shadow="md"
            // In the page (inside <main>), and without the focus placeholder that menus may not contain.
            withinPortal={false}
            withInitialFocusPlaceholder={false}
          >
            <Menu.Target>
              <Button
                variant={open === category ? 'filled' : 'default'}
                rightSection={<IconChevronDown size={16} aria-hidden />}
              >
                {category}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {inCategory.length === 0 ? (
                <Menu.Item disabled>No tools yet</Menu.Item>
              ) : (
                inCategory.map((tool) => (
                  <ToolItems
                    key={tool.slug}
                    tool={tool}
                    favourite={lists.favourites.includes(tool.slug)}
                    toggle={() => store.toggleFavourite(tool.slug)}
                  />
                ))
              )}
            </Menu.Dropdown>
          </Menu>
        ))}
      </Group>
      <Group gap="sm" mt="xl">
        <PluginSlot name="dashboard-actions" />
      </Group>
    </Container>
  );
}
