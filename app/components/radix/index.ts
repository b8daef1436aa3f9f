/**
 * Radix Themes' components as this app uses them, rendering the same markup (so the same styles,
 * app/styles/radix.css) without the package's prop machinery: about 25 KB less script on every page and
 * a fraction of the server's render time (docs/architecture.md#the-design-systems-markup-without-its-script). radix.test.tsx
 * renders each of them beside Radix's own and expects identical HTML.
 */
export { Badge } from "./Badge";
export { Button } from "./Button";
export { Callout } from "./Callout";
export { Card } from "./Card";
export { DataList } from "./DataList";
export { Box, Flex, Grid } from "./Layout";
export { Heading, Text } from "./Text";
export { TextArea, TextField } from "./TextField";
