import { Box, type MantineSpacing, Text, Title, Typography } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './info-page.module.css';

interface InfoPageProps {
  /** The page's one h1. */
  title: string;
  /** A short line under the title (a date, a summary). */
  lead?: ReactNode;
  /** False when the content brings its own structure (an accordion): it is not wrapped in typography styles. */
  prose?: boolean;
  children: ReactNode;
}

/** Running text in Mantine's typography styles, with underlined links. */
export function Prose({ children, mt }: { children: ReactNode; mt?: MantineSpacing }) {
  return (
    <Typography className={classes.prose} mt={mt}>
      {children}
    </Typography>
  );
}

/** The frame of an information page: one h1, an optional lead, then the text in Mantine's typography styles. */
export function InfoPage({ title, lead, prose = true, children }: InfoPageProps) {
  return (
    <article className={classes.page}>
      <Title order={1}>{title}</Title>
      {lead ? (
        <Text mt="xs" c="dimmed">
          {lead}
        </Text>
      ) : null}
      {prose ? <Prose mt="lg">{children}</Prose> : <Box mt="lg">{children}</Box>}
    </article>
  );
}

export interface NumberedSection {
  title: string;
  body: ReactNode;
}

/** The date printed on the privacy policy and the terms. */
export const LAST_UPDATED = '2026-11-21';

/** Sections headed "1. Title", "2. Title"…; each heading has an id (`#section-3`) to link to. */
export function NumberedSections({ sections }: { sections: readonly NumberedSection[] }) {
  return sections.map((section, index) => {
    const id = `section-${index + 1}`;
    return (
      <section key={section.title}>
        <h2 id={id}>
          {index + 1}. {section.title}
        </h2>
        {section.body}
      </section>
    );
  });
}

/** "Last updated: 21 November 2026", with the machine-readable date. */
export function UpdatedOn({ date }: { date: string }) {
  const readable = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <>
      Last updated: <time dateTime={date}>{readable}</time>
    </>
  );
}
