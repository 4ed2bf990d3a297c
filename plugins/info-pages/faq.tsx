import { Accordion } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { InfoPage, Prose } from './info-page';

interface Question {
  value: string;
  question: string;
  answer: ReactNode;
}

const QUESTIONS: readonly Question[] = [
  {
    value: 'meme-how',
    question: 'How does the meme generator work?',
    answer: (
      <>
        <p>
          The meme generator is part of Toolbox’s plan and is not in the toolbox yet. It is designed to work
          like this: you type a keyword such as “cat” or “dog” and choose <em>Find Image</em>, and Toolbox
          picks the best matching picture. You then add a top text and a bottom text and choose their font
          (Impact, Arial, Comic Sans MS or Courier New), size (12 to 72) and colour.
        </p>
        <p>
          <em>Generate Meme</em> draws the picture on a 600 × 400 canvas with your text in capitals, centred,
          wrapped onto several lines when it is long and outlined in black so it stays readable on any
          picture: the top text near the top edge, the bottom text near the bottom.
        </p>
      </>
    ),
  },
  {
    value: 'meme-download',
    question: 'How do I download my meme?',
    answer: (
      <p>
        When the meme generator is available, a download button will save your finished meme as a PNG image of
        600 × 400 pixels. The image will be drawn and saved in your browser, so your texts are not uploaded
        anywhere.
      </p>
    ),
  },
  {
    value: 'meme-images',
    question: 'Where do the meme images come from?',
    answer: (
      <p>
        The generator will search a collection of freely licensed images shipped with Toolbox itself, each
        tagged with keywords and carrying the credit its licence asks for. Because the collection comes with
        the app, a keyword search will not depend on an outside service. A site running Toolbox may also
        connect an online image search, which is asked for safe-search results only.
      </p>
    ),
  },
  {
    value: 'account',
    question: 'Do I need an account?',
    answer: (
      <p>
        No. Every tool works without signing in. An account lets you like, share and comment on{' '}
        <Link to="/bloguser">blog</Link> posts and gives you the Tool Navigator, a dashboard of the tools by
        category.
      </p>
    ),
  },
  {
    value: 'offline',
    question: 'Does Toolbox work offline?',
    answer: (
      <p>
        Yes, after your first visit. Your browser keeps a copy of the app and of every tool, so the
        calculators open and calculate without a connection, including tools you have not opened before. Tools
        that use outside figures, such as exchange rates or inflation data, reuse the figures they fetched
        during the last seven days while you are offline. The Fuel Cost Converter looks places up on the
        server, so offline it only finds trips you have looked up recently.
      </p>
    ),
  },
  {
    value: 'privacy',
    question: 'Are the numbers I enter sent anywhere?',
    answer: (
      <p>
        No. Calculations run in your browser. When a tool needs outside data it asks the Toolbox server for
        that data only: the table of exchange rates, the list of countries and currencies, or a country’s
        price index for the years you chose. Your amounts, dates and measurements are never part of the
        request. The Fuel Cost Converter sends the two place names you enter (and then their coordinates) to
        find the places and the distance between them; your fuel figures stay in your browser. The{' '}
        <Link to="/privacy">Privacy Policy</Link> lists what the server does store.
      </p>
    ),
  },
  {
    value: 'share',
    question: 'Can I share a result?',
    answer: (
      <p>
        Yes. After a calculation the page’s address holds your inputs: copy it from the address bar and send
        it, and whoever opens it sees the same calculation worked out again. The copy button next to a result
        copies the result sentence itself.
      </p>
    ),
  },
  {
    value: 'accuracy',
    question: 'Can I rely on the results?',
    answer: (
      <p>
        The tools use standard formulas and exact conversion factors, but results are estimates: they are
        rounded, and exchange rates, prices and inflation figures can be out of date. They are not financial
        or medical advice; see the <Link to="/termscond">Terms & Conditions</Link>. If a result looks wrong,
        please <Link to="/contact">tell us</Link>.
      </p>
    ),
  },
];

export default function FaqPage() {
  return (
    <InfoPage
      title="Frequently Asked Questions"
      lead="Quick answers about the tools, your data and accounts."
      prose={false}
    >
      {/* order 2: each question is an h2 around its button, under the page's h1. */}
      <Accordion order={2} variant="separated">
        {QUESTIONS.map((item) => (
          <Accordion.Item key={item.value} value={item.value}>
            <Accordion.Control>{item.question}</Accordion.Control>
            <Accordion.Panel>
              <Prose>{item.answer}</Prose>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </InfoPage>
  );
}
