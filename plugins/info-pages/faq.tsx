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
          Open the <Link to="/meme-converter">Meme Generator</Link>, type a keyword such as “cat” or “dog” and
          choose <em>Find Image</em>: up to ten matching pictures appear, the closest match first and already
          picked; click another to use it instead. You can also use your own picture: upload it, drop it on
          the page or paste it (PNG, JPEG, WebP or GIF). Then add a top text and a bottom text and choose
          their font (Impact, Arial, Comic Sans MS or Courier New), size (12 to 72) and colour.
        </p>
        <p>
          The preview follows your typing, and <em>Generate Meme</em> draws the picture on a 600 × 400 canvas
          with your text in capitals, centred, wrapped onto several lines when it is long and outlined in
          black so it stays readable on any picture: the top text near the top edge, the bottom text near the
          bottom. Text too long for the picture is made smaller, down to size 12. The page’s address then
          holds your choices, so a link to it re-creates the meme (for a picture from the search; your own
          picture never leaves your browser).
        </p>
      </>
    ),
  },
  {
    value: 'meme-download',
    question: 'How do I download my meme?',
    answer: (
      <p>
        After <em>Generate Meme</em>, the <em>Download</em> button saves your meme as a PNG image of 600 × 400
        pixels named meme.png, and <em>Copy image</em> (in browsers that allow it) puts it on the clipboard to
        paste into a chat or a document. The meme is drawn and saved in your browser: neither your texts nor
        your own pictures are uploaded anywhere.
      </p>
    ),
  },
  {
    value: 'meme-images',
    question: 'Where do the meme images come from?',
    answer: (
      <p>
        The search looks through the Noto emoji, a freely licensed collection by Google (Apache 2.0 licence)
        that comes with Toolbox, found by their English names and keywords; each picture names its credit and
        licence under the preview. Because the collection comes with the app, the search does not depend on an
        outside service. A site running Toolbox may also connect the Pixabay photo search, which is asked for
        safe-search results only; its photos are fetched through Toolbox’s own server, and when Pixabay does
        not answer the emoji are used instead. You can always use a picture of your own as well.
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
