import { Button, Card, Heading, Text } from "~/components/radix";

const FEATURES = [
  { title: "Enterprise SSO", text: "Sign in with your organisation's single sign-on account." },
  { title: "Stakeholder Tracking", text: "Landholders, contacts and their next actions in one place." },
  { title: "Property Management", text: "Titles, volume/folio, lot/plan and land access agreements." },
  { title: "Engagement History", text: "Every conversation with every landholder, on the record." },
];

/** The signed-out landing and sign-in screen (docs/access.md#sign-in-and-sessions). */
export function Landing({ loginHref }: { loginHref: string }) {
  return (
    <div className="landing">
      <section className="landing__hero" aria-labelledby="landing-title">
        <Text as="p" weight="bold" className="landing__kicker">
          Land access &amp; community engagement
        </Text>
        <Heading as="h1" id="landing-title" size="8">
          Landholder Liaison Records System
        </Heading>
        <Text as="p" size="4" color="gray" className="landing__lead">
          Keep landholders, land parcels, agreements, conversations and documents for every project, with your team, in one secure place.
        </Text>
        <Button asChild size="4">
          <a href={loginHref}>Sign In with SSO</a>
        </Button>
      </section>
      <section aria-labelledby="features-title">
        <h2 id="features-title" className="visually-hidden">
          Features
        </h2>
        <ul className="feature-grid">
          {FEATURES.map((feature) => (
            <Card asChild size="3" key={feature.title}>
              <li>
                <Heading as="h3" size="4">
                  {feature.title}
                </Heading>
                <Text as="p">{feature.text}</Text>
              </li>
            </Card>
          ))}
        </ul>
      </section>
    </div>
  );
}
