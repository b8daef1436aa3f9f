const FEATURES = [
  { title: "Enterprise SSO", text: "Sign in with your organisation's single sign-on account." },
  { title: "Stakeholder Tracking", text: "Landholders, contacts and their next actions in one place." },
  { title: "Property Management", text: "Titles, volume/folio, lot/plan and land access agreements." },
  { title: "Engagement History", text: "Every conversation with every landholder, on the record." },
];

/** The signed-out landing and sign-in screen (spec 001 §2, Login page). */
export function Landing({ loginHref }: { loginHref: string }) {
  return (
    <div className="landing">
      <section className="landing__hero" aria-labelledby="landing-title">
        <p className="landing__kicker">Land access &amp; community engagement</p>
        <h1 id="landing-title">Landholder Liaison Records System</h1>
        <p className="landing__lead">
          Keep landholders, land parcels, agreements, conversations and documents for every project, with your
          team, in one secure place.
        </p>
        <p>
          <a className="button button--large" href={loginHref}>
            Sign In with SSO
          </a>
        </p>
      </section>
      <section aria-labelledby="features-title">
        <h2 id="features-title" className="visually-hidden">
          Features
        </h2>
        <ul className="feature-grid">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="card">
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
