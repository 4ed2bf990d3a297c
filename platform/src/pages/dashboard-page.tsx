import { Button, Container, Group, Menu, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { tools } from '@toolbox/plugins/registry';
import { type Category, groupByCategory } from '@toolbox/sdk';
import { useState } from 'react';

const groups = groupByCategory(tools);

/** One button per category; its menu lists the category's tools. One menu open at a time. */
export function DashboardPage() {
  useDocumentTitle('Tool Navigator · Toolbox');
  const [open, setOpen] = useState<Category | null>(null);

  return (
    <Container size={1170} px="md" py="xl">
      <Title order={1}>Tool Navigator</Title>
      <Text mt="xs">Choose a category to see its tools.</Text>
      <Group gap="sm" mt="lg">
        {groups.map(({ category, tools: inCategory }) => (
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
                  <Menu.Item key={tool.slug} component={Link} to={tool.route}>
                    {tool.label}
                  </Menu.Item>
                ))
              )}
            </Menu.Dropdown>
          </Menu>
        ))}
      </Group>
    </Container>
  );
}
