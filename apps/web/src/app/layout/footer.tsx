import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.ts';
import classes from './layout.module.css';

/**
 * The Explore links that can serve this person: signing up as a mentee or applying as a mentor is for
 * visitors; the self assessment is a mentee's (a visitor is asked to sign in first).
 */
function exploreLinksFor(isSignedIn: boolean, isAdvisor: boolean) {
  const links: Array<{ to: string; label: string }> = [{ to: paths.topics, label: 'Topics' }];
  if (!isAdvisor) links.push({ to: paths.selfAssessment, label: 'Self Assessment' });
  if (!isSignedIn)
    links.push(
      { to: paths.signup, label: 'Become a Mentee' },
      { to: paths.newAdvisor, label: 'Become a Mentor' },
    );
  return links;
}

const companyLinks = [
  { to: paths.about, label: 'About Us' },
  { to: `${paths.about}#vision`, label: 'Our Vision' },
  { to: `${paths.about}#mission`, label: 'Our Mission' },
];

/** Contact and social addresses of the company. */
const contactEmail = 'info@myprosper.co.ke';
const socialLinks = [
  { href: 'https://www.facebook.com/myprosper', label: 'Facebook' },
  { href: 'https://x.com/myprosper', label: 'X (Twitter)' },
  { href: 'https://www.linkedin.com/company/myprosper', label: 'LinkedIn' },
  { href: 'https://www.instagram.com/myprosper', label: 'Instagram' },
];

const FIRST_YEAR = 2021;

/**
 * Spec 2.14: site links, contact and social links, tagline and copyright. Plain elements styled in
 * layout.module.css: the footer is on every page, so it stays light.
 */
export function Footer() {
  const year = new Date().getFullYear();
  const { isSignedIn, isAdvisor } = useSession();
  const exploreLinks = exploreLinksFor(isSignedIn, isAdvisor);
  return (
    <footer className={classes.footer}>
      <div className={classes.footerInner}>
        <div className={classes.footerGrid}>
          <div>
            <p className={classes.footerName}>MyProsper</p>
            <p className={classes.footerTagline}>
              We connect you to experienced professionals for personalised, affordable advice on demand.
            </p>
          </div>
          <FooterColumn title="Explore" links={exploreLinks} />
          <FooterColumn title="Company" links={companyLinks} />
          <FooterSection title="Contact us">
            <a href={`mailto:${contactEmail}`} className={classes.footerLink}>
              {contactEmail}
            </a>
            {socialLinks.map((link) => (
              <a
                key={link.href}
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                className={classes.footerLink}
              >
                {link.label}
              </a>
            ))}
          </FooterSection>
        </div>
        <hr className={classes.footerRule} />
        <p className={classes.footerCopyright}>
          © {FIRST_YEAR}–{year} MyProsper
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <FooterSection title={title}>
      {links.map((link) => (
        <Link key={link.label} to={link.to} className={classes.footerLink}>
          {link.label}
        </Link>
      ))}
    </FooterSection>
  );
}

function FooterSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={classes.footerHeading}>
        {title}
      </h2>
      <div className={classes.footerLinks}>{children}</div>
    </nav>
  );
}
