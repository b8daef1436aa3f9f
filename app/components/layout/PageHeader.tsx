import type { ReactNode } from "react";
import { Box, Flex, Heading, Text } from "~/components/radix";

/** The title row of a screen: its h1, an optional line under it, and its main actions. */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children?: ReactNode }) {
  return (
    <Flex className="page-header" align="center" justify="between" gap="3" wrap="wrap">
      <Box>
        <Heading as="h1" size="7">
          {title}
        </Heading>
        {subtitle ? (
          <Text as="p" color="gray" mb="0">
            {subtitle}
          </Text>
        ) : null}
      </Box>
      {children ? (
        <Flex gap="2" wrap="wrap">
          {children}
        </Flex>
      ) : null}
    </Flex>
  );
}
