const STEPS = ["Upload", "Choose sheet", "Map columns", "Import", "Duplicates", "Complete"] as const;
/** A parcel import reviews its unmatched parcels where others resolve duplicates (docs/import.md#parcels). */
const PARCEL_STEPS = ["Upload", "Map columns", "Import", "Review parcels", "Complete"] as const;
export type WizardStep = (typeof STEPS)[number] | (typeof PARCEL_STEPS)[number];

/** Where the user is in the wizard: an ordered list with the current step marked (aria-current="step"). */
export function WizardSteps({ current, parcels = current === "Review parcels" }: { current: WizardStep; parcels?: boolean }) {
  const steps: readonly WizardStep[] = parcels ? PARCEL_STEPS : STEPS;
  const at = steps.indexOf(current);
  return (
    <nav aria-label="Import steps" className="wizard-steps">
      <ol>
        {steps.map((step, index) => (
          <li key={step} aria-current={index === at ? "step" : undefined} className={index < at ? "wizard-steps__done" : undefined}>
            {step}
            {index < at ? <span className="visually-hidden"> (done)</span> : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}
