import { Form } from "@remix-run/react";
import { Button, Callout, Card, Flex, Heading, Text } from "~/components/radix";
import type { GrievanceClockPageData } from "~/modules/project-lifecycle/grievance-clock.server";

// The intents the page action reads (grievance-form-setting.server.ts PUBLIC_FORM_INTENTS; not imported: that file is server-only).
const INTENT = { on: "public-form-on", off: "public-form-off", renew: "public-form-new-address" } as const;

/**
 * The grievance clock page's "Public grievance form" section (docs/records.md#public-grievance-form):
 * on or off, its address to copy, and a new address. Each button is its own small form posting to the
 * page, so it works without JavaScript.
 */
export function PublicGrievanceFormSetting({ setting }: { setting: GrievanceClockPageData["publicForm"] }) {
  return (
    <Card asChild size="3">
      <section aria-labelledby="public-form-title">
        <Heading as="h2" id="public-form-title" size="5" mb="2">
          Public grievance form
        </Heading>
        <Text as="p" mb="3">
          A form anyone can use without signing in, at an address only those you give it to can find. Each grievance sent through it is added to this project&apos;s register (channel &ldquo;Public
          form&rdquo;) and the sender is shown its reference and the due dates.
        </Text>
        {setting.enabled ? (
          <Callout.Root color="green" role="note" mb="3">
            <Callout.Text>The public grievance form is on.</Callout.Text>
          </Callout.Root>
        ) : (
          <Callout.Root color="gray" role="note" mb="3">
            <Callout.Text>The public grievance form is off.</Callout.Text>
          </Callout.Root>
        )}
        {setting.url ? (
          <div className="field public-form-address">
            <label htmlFor="public-form-url" className="field__label">
              <Text weight="bold">Address of the form</Text>
            </label>
            <Text as="p" color="gray" id="public-form-url-hint" className="field__hint">
              Copy it into your notices, letters and web pages.
            </Text>
            <input id="public-form-url" className="public-form-address__input" type="text" readOnly value={setting.url} aria-describedby="public-form-url-hint" />
            <Flex mt="2">
              <Button asChild variant="soft">
                <a href={setting.url}>Open the form</a>
              </Button>
            </Flex>
          </div>
        ) : null}
        {setting.canEdit ? (
          <Flex className="button-row" gap="2" wrap="wrap" mt="3">
            {setting.enabled ? (
              <>
                <Form method="post">
                  <input type="hidden" name="intent" value={INTENT.renew} />
                  <Button type="submit" variant="outline">
                    Issue a new address
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value={INTENT.off} />
                  <Button type="submit" color="red" variant="outline">
                    Turn off
                  </Button>
                </Form>
              </>
            ) : (
              <Form method="post">
                <input type="hidden" name="intent" value={INTENT.on} />
                <Button type="submit">Turn on</Button>
              </Form>
            )}
          </Flex>
        ) : (
          <Text as="p" color="gray">
            Only roles that may change the project&apos;s settings can turn it on or off.
          </Text>
        )}
        {setting.canEdit && setting.enabled ? (
          <Text as="p" color="gray" size="2" mt="2">
            A new address, or turning the form off, makes the current address answer &ldquo;page not found&rdquo; at once.
          </Text>
        ) : null}
      </section>
    </Card>
  );
}
