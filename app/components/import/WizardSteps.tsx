const STEPS = ["Upload", "Choose sheet", "Map columns", "Import", "Duplicates", "Complete"] as const;
export type WizardStep = (typeof STEPS)[number];

/** Where the user is in the wizard: an ordered list with the current step marked (aria-current="step"). */
export function WizardSteps({ current }: { current: WizardStep }) {
  const at = STEPS.indexOf(current);
  return (
    <nav aria-label="Import steps" className="wizard-steps">
      <ol>
        {STEPS.map((step, index) => (
          <li key={step} aria-current={index === at ? "step" : undefined} className={index < at ? "wizard-steps__done" : undefined}>
            {step}
            {index < at ? <span className="visually-hidden"> (done)</span> : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}
