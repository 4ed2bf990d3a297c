import { Link } from '@tanstack/react-router';
import { InfoPage, LAST_UPDATED, type NumberedSection, NumberedSections, UpdatedOn } from './info-page';

const SECTIONS: readonly NumberedSection[] = [
  {
    title: 'Acceptance of these terms',
    body: (
      <p>
        These terms apply to everyone who uses this Toolbox site: its calculators and converters, its blog and
        its accounts. By using the site you accept them; if you do not, please do not use it. How we handle
        personal data is described in our <Link to="/privacy">Privacy Policy</Link>.
      </p>
    ),
  },
  {
    title: 'The service',
    body: (
      <p>
        Toolbox offers free calculators and converters, a blog, and accounts for taking part in it. The tools
        need no account. We may add, change or retire tools and features, and the site may occasionally be
        unavailable for maintenance. Figures that come from outside sources, such as exchange rates and
        inflation data, are labelled with their source and may lag behind the latest values.
      </p>
    ),
  },
  {
    title: 'Accounts',
    body: (
      <ul>
        <li>Give accurate details when you sign up and keep them up to date.</li>
        <li>
          Keep your password to yourself. You are responsible for what is done with your account; tell us
          through the <Link to="/contact">contact form</Link> if you think someone else has used it.
        </li>
        <li>One person per account; accounts may not be sold or handed over.</li>
        <li>
          We may suspend or delete an account that breaks these terms. You may ask us to delete yours at any
          time.
        </li>
      </ul>
    ),
  },
  {
    title: 'Acceptable use',
    body: (
      <>
        <p>Blog comments are public. When you comment, or otherwise use the site, do not:</p>
        <ul>
          <li>post anything unlawful, hateful, harassing, threatening or sexually explicit;</li>
          <li>post spam, advertising or links meant to mislead;</li>
          <li>publish someone else’s personal details, or content you have no right to share;</li>
          <li>impersonate another person;</li>
          <li>
            try to break into accounts, get round rate limits, overload the service or probe it for
            weaknesses.
          </li>
        </ul>
        <p>
          Administrators may remove comments that break these rules, and suspend the accounts that post them.
        </p>
      </>
    ),
  },
  {
    title: 'Calculations are estimates',
    body: (
      <>
        <p>
          The tools use standard formulas and give results rounded for reading. They depend on the numbers you
          enter, and conversions that use exchange rates, electricity prices or inflation figures are only as
          current as those figures. Treat every result as an estimate.
        </p>
        <p>
          Nothing on Toolbox is financial, tax, legal or medical advice. Loan, interest and currency results
          are not offers or quotes from any lender or bank, and the BMI calculator is a screening measure, not
          a diagnosis. Check important figures with a qualified professional before you rely on them.
        </p>
      </>
    ),
  },
  {
    title: 'Liability',
    body: (
      <p>
        Toolbox is provided free of charge, “as is” and “as available”, without warranties of any kind,
        including accuracy, fitness for a particular purpose and uninterrupted availability. To the extent the
        law allows, we are not liable for losses that come from using the site or relying on its results, from
        its being unavailable, or from content that other users post. Nothing in these terms limits liability
        that cannot be limited by law.
      </p>
    ),
  },
  {
    title: 'Changes and contact',
    body: (
      <p>
        We may update these terms. The new version is published on this page with a new date at its top, and a
        significant change is announced on the <Link to="/bloguser">blog</Link>; using the site after that
        means you accept the new terms. Questions about these terms are welcome through the{' '}
        <Link to="/contact">contact form</Link>.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <InfoPage title="Terms & Conditions" lead={<UpdatedOn date={LAST_UPDATED} />}>
      <NumberedSections sections={SECTIONS} />
    </InfoPage>
  );
}
