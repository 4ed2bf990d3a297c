import { Link } from '@tanstack/react-router';
import { InfoPage, LAST_UPDATED, type NumberedSection, NumberedSections, UpdatedOn } from './info-page';

const SECTIONS: readonly NumberedSection[] = [
  {
    title: 'Who we are',
    body: (
      <p>
        Toolbox is a website of everyday calculators and converters with a blog and optional accounts. In this
        policy “we” and “us” mean the people who run this Toolbox site, and “the service” means the website
        and the server behind it. This policy explains what we keep about you, why, for how long, and what you
        can ask us to do with it.
      </p>
    ),
  },
  {
    title: 'What we collect',
    body: (
      <>
        <ul>
          <li>
            <strong>Your account</strong>, if you create one: username, email address, full name, phone number
            and postal address, and your role (member, manager or administrator). Your password is never
            stored, only a one-way hash of it.
          </li>
          <li>
            <strong>Your sign-in session</strong>: a random token kept in your browser’s local storage. Our
            server stores only a fingerprint (a SHA-256 hash) of it, with its expiry date.
          </li>
          <li>
            <strong>Your blog activity</strong>: the posts you like and share, and the comments you write with
            their date.
          </li>
          <li>
            <strong>Contact messages</strong>: the name, email address and message you send us, when you sent
            it and the network (IP) address it came from.
          </li>
          <li>
            <strong>Abuse protection</strong>: failed sign-ins and sent contact messages are counted per
            network address for a short window (15 and 10 minutes), and the counts are deleted once the window
            has passed.
          </li>
        </ul>
        <p>
          <strong>What stays in your browser.</strong> The numbers you type into the tools are calculated on
          your device and are not sent to us. When a tool needs outside data it asks our server only for that
          data: the table of exchange rates, the list of countries and currencies, or a country’s price index
          for the years you chose. Your browser also keeps your colour scheme choice and the BMI calculator’s
          last five results; they never leave it.
        </p>
        <p>
          <strong>What we do not collect.</strong> We use no tracking or advertising cookies, no analytics and
          no third-party scripts. Our server logs record each request’s method, path, status and duration, not
          who made it.
        </p>
      </>
    ),
  },
  {
    title: 'How we use it',
    body: (
      <>
        <ul>
          <li>To create your account, sign you in and keep you signed in.</li>
          <li>
            To show your blog activity: like and share counts, and your comments under your full name (or your
            username when no full name is given), which every visitor can read.
          </li>
          <li>To read and answer the messages you send through the contact form.</li>
          <li>To keep the service safe from password guessing, spam and overload.</li>
        </ul>
        <p>We do not sell your data, show advertising, build profiles of you or send marketing email.</p>
      </>
    ),
  },
  {
    title: 'Storage and security',
    body: (
      <>
        <p>
          Your data is kept in our database. Passwords are hashed with Argon2id, a hash designed to make
          stolen password databases expensive to crack. A session lasts 30 days and is renewed while you keep
          using it; signing out deletes it at once. Images uploaded to the blog are re-encoded with their
          metadata, such as camera details and location, removed.
        </p>
        <p>
          Your account data is kept until your account is deleted. Deleting an account also deletes its
          sessions, likes and comments. No system is perfectly secure, but we protect your data with care and
          keep access to it to the people who run the service.
        </p>
      </>
    ),
  },
  {
    title: 'Sharing',
    body: (
      <p>
        We do not give your personal data to anyone else, except to the providers that host our servers and
        database on our behalf, or when the law requires it. When a tool needs live figures (exchange rates,
        inflation data), our server fetches them from the data provider itself: the provider learns what
        figures were asked for, never who asked. Your blog comments and your name next to them are public by
        design.
      </p>
    ),
  },
  {
    title: 'Your rights',
    body: (
      <>
        <p>You may ask us at any time to:</p>
        <ul>
          <li>show you the personal data we hold about you;</li>
          <li>correct anything in your profile that is wrong or out of date;</li>
          <li>delete your account, with its sessions, likes and comments, or a contact message you sent.</li>
        </ul>
        <p>
          Send the request through the <Link to="/contact">contact form</Link> with the email address of your
          account; an administrator carries it out. Data kept in your browser is yours to remove: sign out, or
          clear this site’s data in your browser’s settings.
        </p>
      </>
    ),
  },
  {
    title: 'Changes and contact',
    body: (
      <p>
        When this policy changes we update it on this page and change the date at its top; a change that
        affects how we use your data is also announced on the <Link to="/bloguser">blog</Link>. Questions
        about your privacy are welcome through the <Link to="/contact">contact form</Link>. See also our{' '}
        <Link to="/termscond">Terms & Conditions</Link>.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <InfoPage title="Privacy Policy" lead={<UpdatedOn date={LAST_UPDATED} />}>
      <NumberedSections sections={SECTIONS} />
    </InfoPage>
  );
}
