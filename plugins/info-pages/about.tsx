import { Link } from '@tanstack/react-router';
import { groupByCategory } from '@toolbox/sdk';
import { LICENCES_FILE } from '@toolbox/sdk/page-files';
import { Fragment } from 'react';
import { tools } from '../registry';
import { InfoPage } from './info-page';

/** The categories that have tools today, each with its tools, from the registry: the list never goes stale. */
const areas = groupByCategory(tools).filter((area) => area.tools.length > 0);

export default function AboutPage() {
  return (
    <InfoPage
      title="About Toolbox"
      lead="Everyday calculators and converters in one place, free to use without an account."
    >
      <p>
        Toolbox gathers the small calculations people look up every day: converting units and temperatures,
        working out a percentage, an age or a body mass index, scaling a recipe, comparing time zones, and the
        money questions that come with loans, savings and travel. Open a tool, enter your numbers and read the
        answer. The calculation runs in your browser, and after your first visit the tools keep working
        without a connection.
      </p>

      <h2>Money: loans, interest, investment and currency</h2>
      <p>
        The <Link to="/financial-calculator">Financial Calculator</Link> brings the common money sums
        together:
      </p>
      <ul>
        <li>
          <strong>Loans</strong>: the monthly payment on a loan from the amount, the yearly rate and the term,
          with a full repayment schedule.
        </li>
        <li>
          <strong>Interest</strong>: simple interest on a sum, and compound interest with yearly, half-yearly,
          quarterly, monthly or daily compounding.
        </li>
        <li>
          <strong>Investment</strong>: how savings grow when their interest is added back in, and, with
          inflation adjustment, what an amount from one year is worth in another.
        </li>
        <li>
          <strong>Currency</strong>: conversion between currencies at the latest known exchange rates.
        </li>
      </ul>
      <p>
        The <Link to="/interest-calculator">Interest Calculator</Link> focuses on the first three of those
        (simple interest, compound interest and loan payments), and the{' '}
        <Link to="/currency-converter">Currency Converter</Link> lists every currency by its code and name.
        Currency results name the date and the source of the exchange rates they used.
      </p>

      <h2>Media: memes</h2>
      <p>
        The <Link to="/meme-converter">Meme Generator</Link> puts a top and a bottom caption on a picture: one
        found by keyword among the freely licensed emoji that come with Toolbox, or your own, which stays in
        your browser. Download the result as a PNG image or copy it to the clipboard.
      </p>

      <h2>Travel: the fuel for a trip</h2>
      <p>
        The <Link to="/fuel-cost-converter">Fuel Cost Converter</Link> finds your start and end places,
        measures the distance between them and works out the fuel the trip needs and what it costs in your
        country’s currency, with a map of the trip. Without a routing service the distance is an estimate of
        the road distance, and the page says so.
      </p>

      <h2>Documents: file conversion</h2>
      <p>
        The <Link to="/file-converter">File Converter</Link> converts files inside your browser whenever it
        can, so they never leave your device:
      </p>
      <ul>
        <li>
          <strong>Documents</strong>: Word (.docx), Markdown, HTML and text files to PDF or Word, and between
          each other; PDF files to text. Headings, lists, tables and pictures are kept.
        </li>
        <li>
          <strong>Spreadsheets</strong>: Excel (.xlsx) to CSV or JSON data, and CSV or JSON back to Excel.
        </li>
        <li>
          <strong>Images</strong>: PNG, JPEG and WebP between each other, and one or several images to a
          single PDF, one page each.
        </li>
      </ul>
      <p>
        PowerPoint presentations, older Word and Excel files (.doc, .xls), Rich Text and OpenDocument files
        need an office suite. Where this site's server has one (LibreOffice), the page offers those
        conversions too — to PDF, and between the old and the current formats — and sends only those files to
        the server, saying so before you convert; the server deletes each file as soon as the converted one is
        sent back. Whatever your browser can convert is always converted there.
      </p>

      <h2>Every tool, by area</h2>
      {areas.map((area) => (
        <Fragment key={area.category}>
          <h3>{area.category}</h3>
          <ul>
            {area.tools.map((tool) => (
              <li key={tool.slug}>
                <Link to={tool.route}>{tool.label}</Link>: {tool.description}
              </li>
            ))}
          </ul>
        </Fragment>
      ))}

      <h2>How Toolbox works</h2>
      <ul>
        <li>
          <strong>No account needed for the tools.</strong> Signing up adds the Tool Navigator dashboard and
          lets you like, share and comment on <Link to="/bloguser">blog</Link> posts.
        </li>
        <li>
          <strong>Your numbers stay with you.</strong> Calculations run on your device; see the{' '}
          <Link to="/privacy">Privacy Policy</Link> for what the server does keep.
        </li>
        <li>
          <strong>Results you can share.</strong> After a calculation the page’s address holds your inputs, so
          the link opens the same result for anyone you send it to.
        </li>
        <li>
          <strong>Built on open source.</strong> Toolbox is made with React, Mantine, TanStack and other
          open-source libraries; the <a href={`/${LICENCES_FILE}`}>licences of every library it uses</a> come
          with it.
        </li>
      </ul>
      <p>
        Questions are answered in the <Link to="/faq">FAQ</Link>. For anything else, a missing tool or a
        result that looks wrong, write to us through the <Link to="/contact">contact form</Link>.
      </p>
    </InfoPage>
  );
}
