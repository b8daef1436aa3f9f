import { Link } from "@remix-run/react";
import { Button, Flex } from "~/components/radix";

/**
 * A panel form's submit button and its Cancel link back to the list; `danger` for deletions. While
 * `busy` (JavaScript only: a submission in flight) the button shows `busyLabel` and is disabled
 * (aria-disabled too, so assistive technology announces it as unavailable rather than skipping it).
 * `disabled` is for a form that cannot be sent as it stands (JavaScript only: the server refuses it too).
 */
export function FormActions({
  submitLabel,
  cancelTo,
  danger = false,
  busy = false,
  busyLabel,
  disabled = false,
}: {
  submitLabel: string;
  cancelTo: string;
  danger?: boolean;
  busy?: boolean;
  busyLabel?: string;
  disabled?: boolean;
}) {
  return (
    <Flex className="button-row" gap="2" wrap="wrap">
      <Button type="submit" color={danger ? "red" : undefined} disabled={busy || disabled || undefined} aria-disabled={busy || disabled || undefined}>
        {busy && busyLabel ? busyLabel : submitLabel}
      </Button>
      <Button asChild variant="outline" color="gray">
        <Link to={cancelTo} preventScrollReset>
          Cancel
        </Link>
      </Button>
    </Flex>
  );
}
